//! The keys that ask the game something: a hint in three levels (`t`, from
//! [`crate::play::Coach`]), the propagation candidates of a
//! cell (`H`), and the check against the rules and the solution (`c`).

use std::time::Instant;

use super::app::{App, Effect, Prompt, Tone};
use crate::play::{cell_name, Candidates, Unmarked};

impl App {
    /// `t`: the next level of the hint. The first names the technique and where it
    /// applies, the second shows its cells (and says why), the third makes the step.
    pub(super) fn hint(&mut self, now: Instant) -> Option<Effect> {
        if self.solved_in.is_some() {
            self.say("the board is solved: q quits", Tone::Info);
            return None;
        }
        let Some(coach) = self.coach.as_mut() else {
            self.say(
                "no hints: this puzzle has more than one solution",
                Tone::Error,
            );
            return None;
        };
        let Some(lesson) = coach.press(&mut self.game, Unmarked::shown(self.auto)) else {
            self.say("the board is already solved", Tone::Info);
            return None;
        };
        let layout = self.game.layout();
        let headline = lesson.headline(layout);
        let level = lesson.level;
        let text = match level {
            1 => format!("Hint: {headline}. (t: show where)"),
            2 => {
                // The cells first and the reasoning last: a long chain is cut at the
                // panel's foot, never the cells or the key.
                let names = |cells: &[usize]| {
                    let mut list: Vec<String> = cells
                        .iter()
                        .take(8)
                        .map(|&c| cell_name(layout, c))
                        .collect();
                    if cells.len() > 8 {
                        list.push("…".to_string());
                    }
                    list.join(" ")
                };
                let pattern = lesson.pattern();
                let targets = lesson.targets();
                let mut text = format!("Hint: {headline}. Changes {}.", names(&targets));
                if !pattern.is_empty() && pattern != targets {
                    text.push_str(&format!(" Uses {}.", names(&pattern)));
                }
                text.push_str(" (t: apply)\n");
                text.push_str(&lesson.reasoning(layout));
                text
            }
            _ => format!("Hint applied: {} ({headline})", lesson.effect_text(layout)),
        };
        if let Some(&target) = lesson.targets().first() {
            if level >= 2 {
                self.selected = target;
            }
        }
        if level < 3 {
            self.say(text, Tone::Info);
            return None;
        }
        let effect = self.changed(now);
        if self.solved_in.is_none() {
            self.say(text, Tone::Info);
        }
        effect
    }

    pub(super) fn candidates(&mut self) {
        let name = cell_name(self.layout(), self.selected);
        let Some(probe) = self.probe.as_mut() else {
            return self.say(
                "no candidates: this puzzle has more than one solution",
                Tone::Error,
            );
        };
        let text = match probe.candidates(&self.game.digits(), self.selected) {
            Candidates::Filled(digit) => format!("{name} holds {digit}"),
            Candidates::Digits(digits) => {
                let list: Vec<String> = digits.iter().map(u8::to_string).collect();
                format!("{name}: propagation leaves {}", list.join(" "))
            }
            Candidates::Contradiction(rule) => {
                format!("propagation finds the board's digits contradict each other ({rule})")
            }
        };
        self.say(text, Tone::Info);
    }

    /// `c`: marks every placed digit that breaks a rule, then offers the comparison with
    /// the solution.
    pub(super) fn check(&mut self) {
        let breaks = self.game.rule_breaks();
        self.flagged = breaks
            .iter()
            .flat_map(|b| b.cells.iter().copied())
            .collect();
        let mut text = match breaks.len() {
            0 => "No rule is broken.".to_string(),
            1 => "1 rule broken:".to_string(),
            n => format!("{n} rules broken:"),
        };
        for rule in &breaks {
            text.push_str(&format!("\n  {}", rule.text));
        }
        if self.game.solution().is_some() {
            text.push_str("\nCompare with the solution? (y/n)");
            self.prompt = Some(Prompt::CompareWithSolution);
        }
        let tone = if breaks.is_empty() {
            Tone::Good
        } else {
            Tone::Error
        };
        self.say(text, tone);
    }

    pub(super) fn compare(&mut self) {
        let Some(wrong) = self.game.differences() else {
            return;
        };
        let names: Vec<String> = wrong.iter().map(|&c| cell_name(self.layout(), c)).collect();
        self.flagged.extend(&wrong);
        match wrong.len() {
            0 => self.say("Every placed digit agrees with the solution.", Tone::Good),
            n => self.say(
                format!(
                    "{n} digit{} differ{} from the solution: {}",
                    if n == 1 { "" } else { "s" },
                    if n == 1 { "s" } else { "" },
                    names.join(" ")
                ),
                Tone::Error,
            ),
        }
    }
}
