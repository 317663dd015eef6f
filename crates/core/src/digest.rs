//! A portable hash of any serializable value, over its serde structure.
//!
//! Each value the serializer is handed goes into the hash as one 64-bit
//! word (an integer widened, a float by its bits, a string or sequence
//! after its length, a string's bytes eight at a time little-endian, an
//! enum variant by its index), so the same state digests the same on Linux,
//! Windows and wasm, without building any text. Field names are left out:
//! a struct is its values in order. States must keep maps ordered
//! (BTreeMap) for this.
//!
//! It is the hash of saves (a loaded game must rebuild its snapshot),
//! playouts and the search's command keys. It was FNV-1a over the JSON text
//! until the JSON writing was a fifth of a CSAR playout's time; it is not
//! cryptographic, only a check that two states are the same.

use serde::Serialize;
use serde::ser::{self, Serializer};
use std::fmt;
use std::io;

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

#[derive(Clone, Copy, Debug)]
pub struct Fnv64(pub u64);

impl Default for Fnv64 {
    fn default() -> Self {
        Fnv64(FNV_OFFSET)
    }
}

impl Fnv64 {
    pub fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(FNV_PRIME);
        }
    }

    pub fn u64(&mut self, x: u64) {
        self.bytes(&x.to_le_bytes());
    }
}

impl io::Write for Fnv64 {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.bytes(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

pub fn digest<T: Serialize + ?Sized>(value: &T) -> u64 {
    let mut h = Structural(FNV_OFFSET);
    // Hashing plain data cannot fail; a value that refuses to serialize
    // (a map with non-string keys is fine here, unlike in JSON) still
    // digests, by its error.
    if let Err(e) = value.serialize(&mut h) {
        h.bytes(e.0.as_bytes());
    }
    crate::rng::splitmix64(h.0)
}

/// Digest as the 16 hex digits `vt` prints.
pub fn hex(d: u64) -> String {
    format!("{d:016x}")
}

/// The serializer behind [`digest`]: each word goes in FxHash's way, and
/// [`digest`] ends with a splitmix64 finish so every bit counts.
struct Structural(u64);

#[derive(Debug)]
struct Unhashable(String);

impl fmt::Display for Unhashable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unhashable {}

impl ser::Error for Unhashable {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Unhashable(msg.to_string())
    }
}

// Tags keep values of different shapes apart (`None` from `0u8`, a unit
// variant from its index alone): no integer of 32 bits or less, nor a
// variant index, has bit 62 set.
const TAGGED: u64 = 1 << 62;
const TAG_NONE: u8 = 0xF0;
const TAG_SOME: u8 = 0xF1;
const TAG_UNIT: u8 = 0xF2;
const TAG_END: u8 = 0xF3;
const TAG_SKIPPED: u8 = 0xF4;

impl Structural {
    fn word(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x517C_C1B7_2722_0A95);
    }
    fn bytes(&mut self, b: &[u8]) {
        let mut chunks = b.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.word(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.word(u64::from_le_bytes(w));
        }
    }
    fn tag(&mut self, t: u8) {
        self.word(t as u64 | TAGGED);
    }
    fn len(&mut self, n: Option<usize>) {
        match n {
            Some(n) => self.word(n as u64),
            None => self.tag(TAG_END),
        }
    }
}

impl<'a> Serializer for &'a mut Structural {
    type Ok = ();
    type Error = Unhashable;
    type SerializeSeq = Seq<'a>;
    type SerializeTuple = Seq<'a>;
    type SerializeTupleStruct = Seq<'a>;
    type SerializeTupleVariant = Seq<'a>;
    type SerializeMap = Seq<'a>;
    type SerializeStruct = Seq<'a>;
    type SerializeStructVariant = Seq<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Unhashable> {
        self.word(v as u64);
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Unhashable> {
        self.word(v as i64 as u64);
        Ok(())
    }
    fn serialize_i16(self, v: i16) -> Result<(), Unhashable> {
        self.word(v as i64 as u64);
        Ok(())
    }
    fn serialize_i32(self, v: i32) -> Result<(), Unhashable> {
        self.word(v as i64 as u64);
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> Result<(), Unhashable> {
        self.word(v as u64);
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> Result<(), Unhashable> {
        self.word(v as u64);
        self.word((v >> 64) as u64);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Unhashable> {
        self.word(v as u64);
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> Result<(), Unhashable> {
        self.word(v as u64);
        Ok(())
    }
    fn serialize_u32(self, v: u32) -> Result<(), Unhashable> {
        self.word(v as u64);
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> Result<(), Unhashable> {
        self.word(v);
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> Result<(), Unhashable> {
        self.word(v as u64);
        self.word((v >> 64) as u64);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Unhashable> {
        self.word(v.to_bits() as u64);
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Result<(), Unhashable> {
        self.word(v.to_bits());
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Unhashable> {
        self.word(v as u64);
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Unhashable> {
        self.len(Some(v.len()));
        self.bytes(v.as_bytes());
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Unhashable> {
        self.len(Some(v.len()));
        self.bytes(v);
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Unhashable> {
        self.tag(TAG_NONE);
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<(), Unhashable> {
        self.tag(TAG_SOME);
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Unhashable> {
        self.tag(TAG_UNIT);
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Unhashable> {
        self.tag(TAG_UNIT);
        Ok(())
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
    ) -> Result<(), Unhashable> {
        self.word(index as u64);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Unhashable> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        v: &T,
    ) -> Result<(), Unhashable> {
        self.word(index as u64);
        v.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq<'a>, Unhashable> {
        self.len(len);
        Ok(Seq {
            h: self,
            end: len.is_none(),
        })
    }
    fn serialize_tuple(self, _: usize) -> Result<Seq<'a>, Unhashable> {
        Ok(Seq {
            h: self,
            end: false,
        })
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Seq<'a>, Unhashable> {
        Ok(Seq {
            h: self,
            end: false,
        })
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Seq<'a>, Unhashable> {
        self.word(index as u64);
        Ok(Seq {
            h: self,
            end: false,
        })
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Seq<'a>, Unhashable> {
        self.len(len);
        Ok(Seq {
            h: self,
            end: len.is_none(),
        })
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Seq<'a>, Unhashable> {
        Ok(Seq { h: self, end: true })
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        index: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Seq<'a>, Unhashable> {
        self.word(index as u64);
        Ok(Seq { h: self, end: true })
    }
}

/// A compound value under way. Structs end with a tag: a field left out
/// with `skip_serializing_if` must not let the next value pass for it.
struct Seq<'a> {
    h: &'a mut Structural,
    end: bool,
}

impl Seq<'_> {
    fn finish(self) -> Result<(), Unhashable> {
        if self.end {
            self.h.tag(TAG_END);
        }
        Ok(())
    }
}

macro_rules! compound {
    ($tr:ident, $f:ident) => {
        impl ser::$tr for Seq<'_> {
            type Ok = ();
            type Error = Unhashable;
            fn $f<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Unhashable> {
                v.serialize(&mut *self.h)
            }
            fn end(self) -> Result<(), Unhashable> {
                self.finish()
            }
        }
    };
}
compound!(SerializeSeq, serialize_element);
compound!(SerializeTuple, serialize_element);
compound!(SerializeTupleStruct, serialize_field);
compound!(SerializeTupleVariant, serialize_field);

impl ser::SerializeMap for Seq<'_> {
    type Ok = ();
    type Error = Unhashable;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Result<(), Unhashable> {
        k.serialize(&mut *self.h)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Unhashable> {
        v.serialize(&mut *self.h)
    }
    fn end(self) -> Result<(), Unhashable> {
        self.finish()
    }
}

impl ser::SerializeStruct for Seq<'_> {
    type Ok = ();
    type Error = Unhashable;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Unhashable> {
        v.serialize(&mut *self.h)
    }
    fn skip_field(&mut self, _: &'static str) -> Result<(), Unhashable> {
        // A skipped field still marks its place, so `{a: skipped, b: 1}`
        // and `{a: 1, b: skipped}` differ.
        self.h.tag(TAG_SKIPPED);
        Ok(())
    }
    fn end(self) -> Result<(), Unhashable> {
        self.finish()
    }
}

impl ser::SerializeStructVariant for Seq<'_> {
    type Ok = ();
    type Error = Unhashable;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Unhashable> {
        v.serialize(&mut *self.h)
    }
    fn skip_field(&mut self, _: &'static str) -> Result<(), Unhashable> {
        self.h.tag(TAG_SKIPPED);
        Ok(())
    }
    fn end(self) -> Result<(), Unhashable> {
        self.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stable_and_sensitive() {
        #[derive(Serialize)]
        struct S {
            #[serde(skip_serializing_if = "Option::is_none")]
            a: Option<u8>,
            b: Option<u8>,
        }
        // A skipped field does not let the next one pass for it.
        assert_ne!(
            digest(&S {
                a: None,
                b: Some(1)
            }),
            digest(&S {
                a: Some(1),
                b: None
            })
        );
        assert_ne!(digest(&None::<u8>), digest(&0u8));
        assert_ne!(
            digest(&vec![vec![1u8], vec![]]),
            digest(&vec![vec![], vec![1u8]])
        );
        assert_eq!(digest(&(1u8, "a")), digest(&(1u8, "a")));
        assert_ne!(digest(&(1u8, "a")), digest(&(2u8, "a")));
        // Pinned: the words 1, 1 (the length) and "a", then the finish.
        // A change here changes every digest `vt` prints.
        let mut h = Structural(FNV_OFFSET);
        for w in [1, 1, b'a' as u64] {
            h.word(w);
        }
        assert_eq!(digest(&(1u8, "a")), crate::rng::splitmix64(h.0));
        assert_eq!(digest(&(1u8, "a")), 0x351b_dbd1_c9cd_ae5e);
    }
}
