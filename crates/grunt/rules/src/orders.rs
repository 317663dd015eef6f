//! C0-C3 Chain of Command: the US operates under one of four orders,
//! chosen or drawn from four slips in secret, in place of the Deployment
//! Options; each has its own forces, lifts, support, awards and casualty
//! schedule (C1 Search and Destroy No. One, C1A No. Two, C2 Secure Landing
//! Zone, C3 Eagle Flight). The NLF learns the order at the end.

use crate::Grunt;
use crate::command::Command;
use crate::data::OrderId;
use crate::event::Event;
use crate::state::*;
use crate::step::Step;
use vt_core::refusal::{Checked, ensure};

impl Grunt {
    pub(crate) fn order_candidates(&self) -> Vec<Command> {
        let mut v: Vec<Command> = self
            .orders
            .iter()
            .map(|o| Command::ChooseOrders { order: o.order })
            .collect();
        v.push(Command::DrawOrders);
        v
    }

    pub(crate) fn check_orders(&self, s: &State, _c: &Command) -> Checked {
        ensure(
            *s.step() == Step::ChooseOrders,
            "C0",
            "Not the time to choose orders.",
        )
    }

    pub(crate) fn execute_orders(&self, s: &mut State, c: &Command, ev: &mut Vec<Event>) {
        let (order, drawn) = match c {
            Command::ChooseOrders { order } => (*order, false),
            _ => {
                let all = [
                    OrderId::SearchDestroyOne,
                    OrderId::SearchDestroyTwo,
                    OrderId::SecureLz,
                    OrderId::EagleFlight,
                ];
                (all[s.rng.index(all.len())], true)
            }
        };
        s.order = Some(order);
        s.order_drawn = drawn;
        let o = self.order(order).clone();
        self.add_us(
            s,
            &o.first_lift,
            Group::First,
            Some(1),
            Arrival::Helicopter,
            None,
        );
        match (&o.second_turn, &o.commit_delay) {
            (Some(t), _) => self.add_us(
                s,
                &o.second_lift,
                Group::Second,
                Some(t.value),
                Arrival::Helicopter,
                None,
            ),
            _ => self.add_us(
                s,
                &o.second_lift,
                Group::Company,
                None,
                Arrival::Helicopter,
                None,
            ),
        }
        s.strikes_left = Some(self.order_strikes(order));
        s.award(
            Side::Nlf,
            o.award.value,
            format!("orders: {}", o.name),
            "C1-C3",
            Reader::Only(Side::Us),
        );
        ev.push(Event::OrdersChosen { order, drawn });
        self.next_setup(s, ev);
    }
}
