use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = vt_cli::Registry::builtin();
    let out = vt_cli::run(&args, &games);
    let mut stdout = std::io::stdout().lock();
    // A closed pipe (`vt list | head`) is not an error worth a panic.
    let _ = writeln!(stdout, "{}", out.stdout);
    if !out.stderr.is_empty() {
        eprintln!("{}", out.stderr);
    }
    std::process::exit(out.status);
}
