//! Prints the technique table as `docs/techniques.md` shows it (`cargo run --example
//! technique_table`), for pasting between its markers after a table change.

fn main() {
    print!("{}", sudosat::human::table::markdown());
}
