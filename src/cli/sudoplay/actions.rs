//! The keys that ask the game something: a hint (`t`), the propagation candidates of a
//! cell (`H`), and the check against the rules and the solution (`c`).

use std::time::Instant;

use super::app::{App, Effect, Prompt, Tone};
use crate::play::{cell_name, Candidates};

impl App {
    pub(super) fn hint(&mut self, now: Instant) -> Option<Effect> {
        if self.solved_in.is_some() {
            self.say("the board is solved: q quits", Tone::Info);
            return None;
        }
        let Some(hinter) = self.hinter.as_mut() else {
            self.say(
                "no hints: this puzzle has more than one solution",
                Tone::Error,
            );
            return None;
        };
        match self.game.hint(hinter, self.selected) {
            Some(hint) => {
                self.selected = hint.cell;
                let text = format!("Hint: {}", hint.text(self.game.layout()));
                let effect = self.changed(now);
                if self.solved_in.is_none() {
                    self.say(text, Tone::Info);
                }
                effect
            }
            None => {
                self.say("the board is already solved", Tone::Info);
                None
            }
        }
    }

    pub(super) fn candidates(&mut self) {
        let name = cell_name(self.layout(), self.selected);
        let Some(hinter) = self.hinter.as_mut() else {
            return self.say(
                "no candidates: this puzzle has more than one solution",
                Tone::Error,
            );
        };
        let text = match hinter.candidates(&self.game.digits(), self.selected) {
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
