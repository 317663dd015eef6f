//! `vt-wasm-bindgen INPUT.wasm OUT_DIR OUT_NAME` does what
//! `wasm-bindgen --target web --no-typescript --out-dir OUT_DIR --out-name OUT_NAME INPUT.wasm`
//! does (the options web/build.sh used), through wasm-bindgen's own library.
//! Every other option is set to the CLI's default, the way the CLI sets it,
//! so the output is the CLI's.

use std::{env, path::Path, process};
use wasm_bindgen_cli_support::Bindgen;

fn main() {
    let args: Vec<String> = env::args().skip(1).collect();
    let [input, out_dir, out_name] = args.as_slice() else {
        eprintln!("usage: vt-wasm-bindgen INPUT.wasm OUT_DIR OUT_NAME");
        process::exit(2);
    };
    if let Err(e) = run(Path::new(input), Path::new(out_dir), out_name) {
        eprintln!("error: wasm-bindgen of {input}: {e:?}");
        process::exit(1);
    }
}

fn run(input: &Path, out_dir: &Path, out_name: &str) -> anyhow::Result<()> {
    let mut b = Bindgen::new();
    b.web(true)?;
    // The CLI sets `reference_types` from its (default false) flag too,
    // deprecated or not: detection from the module still turns it on.
    #[allow(deprecated)]
    b.input_path(input)
        .debug(false)
        .demangle(true)
        .keep_lld_exports(false)
        .keep_debug(false)
        .split_debug_info(false)
        .remove_name_section(false)
        .remove_producers_section(false)
        .typescript(false)
        .omit_imports(false)
        .omit_default_module_path(false)
        .split_linked_modules(false)
        .js_string_builtins(false)
        .ts_typed_array_buffers(false)
        .reference_types(false)
        .reset_state_function(false)
        .force_enable_abort_handler(false);
    b.out_name(out_name);
    b.generate(out_dir)
}
