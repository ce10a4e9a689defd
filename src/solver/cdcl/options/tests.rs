use super::*;

#[test]
fn a_good_setting_changes_only_its_option() {
    let mut options = Options::default();
    options.apply("restart_luby_unit=100").unwrap();
    options.apply("vsids_decay = 0.9").unwrap();
    options.set("walk_seed", "18446744073709551615").unwrap();
    assert_eq!(options.restart_luby_unit, 100);
    assert_eq!(options.vsids_decay, 0.9);
    assert_eq!(options.walk_seed, u64::MAX);
    let expected = Options {
        restart_luby_unit: 100,
        vsids_decay: 0.9,
        walk_seed: u64::MAX,
        ..Options::default()
    };
    assert_eq!(options, expected);
    // The bounds themselves are allowed; a later setting wins.
    options.apply("mode_stable_share=0").unwrap();
    options.apply("reduce_garbage_fraction=0.9").unwrap();
    options.apply("restart_luby_unit=1").unwrap();
    assert_eq!(options.mode_stable_share, 0);
    assert_eq!(options.reduce_garbage_fraction, 0.9);
    assert_eq!(options.restart_luby_unit, 1);
}

#[test]
fn an_unknown_name_or_a_missing_equals_sign_is_refused() {
    let mut options = Options::default();
    let error = options.apply("restart_lubyunit=100").unwrap_err();
    assert_eq!(error, OptionError::Unknown("restart_lubyunit".to_string()));
    assert_eq!(error.to_string(), "unknown option \"restart_lubyunit\"");
    let error = options.apply("restart_luby_unit").unwrap_err();
    assert_eq!(
        error.to_string(),
        "expected NAME=VALUE, found \"restart_luby_unit\""
    );
    assert_eq!(options, Options::default());
}

#[test]
fn a_value_that_is_not_a_number_of_the_type_is_refused() {
    let mut options = Options::default();
    for (setting, expected) in [
        ("restart_luby_unit=lots", "an integer"),
        ("restart_luby_unit=1.5", "an integer"),
        ("restart_luby_unit=-3", "an integer"),
        ("restart_luby_unit=", "an integer"),
        ("restart_margin=wide", "a number"),
    ] {
        let error = options.apply(setting).unwrap_err();
        let (name, value) = setting.split_once('=').unwrap();
        assert!(
            matches!(&error, OptionError::NotANumber { name: n, expected: e, found }
                if *n == name && *e == expected && found == value),
            "{setting}: {error:?}"
        );
    }
    assert_eq!(
        options
            .apply("restart_margin=wide")
            .unwrap_err()
            .to_string(),
        "option restart_margin expects a number, found \"wide\""
    );
    assert_eq!(options, Options::default());
}

#[test]
fn a_value_out_of_range_is_refused_with_the_range() {
    let mut options = Options::default();
    for setting in [
        "restart_luby_unit=0",
        "restart_min_run=0",
        "vsids_decay=0.1",
        "vsids_decay=1.5",
        "reduce_limit_growth=0.9",
        "elim_sparse_percent=101",
        "restart_fast_alpha=0",
        "restart_margin=NaN",
        "restart_margin=inf",
    ] {
        let error = options.apply(setting).unwrap_err();
        assert!(
            matches!(error, OptionError::OutOfRange { .. }),
            "{setting}: {error:?}"
        );
    }
    assert_eq!(
        options.apply("vsids_decay=1.5").unwrap_err().to_string(),
        "option vsids_decay expects a number in [0.5, 1], found 1.5"
    );
    assert_eq!(
        options
            .apply("restart_luby_unit=0")
            .unwrap_err()
            .to_string(),
        "option restart_luby_unit expects an integer in [1, 1000000000000000], found 0"
    );
    assert_eq!(options, Options::default());
}

#[test]
fn the_table_holds_every_default_within_its_range_and_round_trips() {
    let defaults = Options::default();
    let mut names: Vec<&str> = OPTIONS.iter().map(|info| info.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), OPTIONS.len(), "names are unique");
    for info in OPTIONS {
        match info.range {
            OptionRange::Integer { default, min, max } => assert!(min <= default && default <= max),
            OptionRange::Real { default, min, max } => assert!(min <= default && default <= max),
        }
        // Setting an option to its listed default changes nothing: the listing is exact.
        let mut options = Options::default();
        options.set(info.name, &info.range.default_text()).unwrap();
        assert_eq!(options, defaults, "{}", info.name);
    }
}

#[test]
fn the_defaults_are_the_tuned_values() {
    // The values the solver was measured with (see the modules' docs); a change here
    // changes every search.
    let options = Options::default();
    assert_eq!(options.restart_luby_unit, 50);
    assert_eq!(options.restart_stable_luby_unit, 1000);
    assert_eq!(options.restart_fast_alpha, 1.0 / 32.0);
    assert_eq!(options.restart_slow_alpha, 1.0 / 4096.0);
    assert_eq!(options.restart_trail_alpha, 1.0 / 5000.0);
    assert_eq!(options.reduce_first, 2000);
    assert_eq!(options.reduce_increment, 300);
    assert_eq!((options.reduce_glue, options.reduce_tier2), (2, 6));
    assert_eq!(options.vsids_decay, 0.95);
    assert_eq!(options.walk_seed, 0x5eed);
    assert_eq!(options.elim_min_budget, 20_000_000);
}

#[test]
fn the_list_has_one_line_per_option_with_default_and_range() {
    let mut out = Vec::new();
    write_list(&mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), OPTIONS.len());
    for (line, info) in lines.iter().zip(OPTIONS) {
        let mut fields = line.split_whitespace();
        let assignment = format!("{}={}", info.name, info.range.default_text());
        assert_eq!(fields.next(), Some(assignment.as_str()), "{line}");
        assert!(line.contains(&info.range.bounds_text()), "{line}");
        assert!(line.ends_with(info.description), "{line}");
    }
    assert!(text.contains("restart_luby_unit=50 "), "{text}");
}
