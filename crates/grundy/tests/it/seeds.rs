//! The numbers the seed write-ups in `shared/seeds/` state.

use grundy::{Ruleset, count, values};

#[test]
fn paper_strip_counts_of_project_euler_306() {
    let strip: Ruleset = "0.07".parse().unwrap();
    let table = values::compute(&strip, 50).unwrap();
    assert_eq!(count::single_heaps(&table, 5).wins, 3);
    assert_eq!(count::single_heaps(&table, 50).wins, 40);
}
