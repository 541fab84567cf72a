//! Action helpers: what a command is about to set off, explained before the table does it, for
//! the moments players get wrong most (moving and the Noise roll, the Encounter, an Intruder's
//! target, the injury check, Contamination, the victory check). Read from the public view alone,
//! so a hint can never carry a secret. Each hint has a catalogue key (`helper.<key>`), its values,
//! its English text, and the rules-reference entry behind it.

use crate::command::Command;
use crate::content::{Content, Exit};
use crate::ids::*;
use crate::words::{render, LogParam, RoomForm};
use crate::state::{Life, Mode};
use crate::view::{PublicSeat, PublicView};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One thing the table should know before a command runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Hint {
    /// `helper.<key>` in the catalogues.
    pub key: String,
    pub params: BTreeMap<String, LogParam>,
    /// The English text, for scripts.
    pub text: String,
    /// The rules-reference entry that explains it.
    pub rule: String,
}

/// The English templates, one per key; the catalogues' `helper.<key>` must match them.
pub const HINTS: &[(&str, &str)] = &[
    ("move_escape", "{player} is in a room with Intruders ({count}): leaving is an Escape, and each of them attacks {player} before the move."),
    ("move_explore", "{room} is unexplored: its tile turns face up and its Exploration token is resolved."),
    ("move_explore_slime", "{player} has Slime: a Silence token there counts as Danger."),
    ("move_occupied", "Someone is already in {room}: no Noise roll."),
    ("move_careful", "Careful Movement: no Noise roll; a Noise marker goes in corridor {number} of {room} (only a corridor without Noise can be chosen)."),
    ("noise_roll", "{room} has no one else in it: roll the Noise die. A number puts Noise in that corridor; Danger brings the Intruders next door, or Noise in every corridor; Silence does nothing."),
    ("noise_roll_slime", "{player} has Slime: Silence counts as Danger."),
    ("noise_roll_noisy", "Noise already lies in the corridors numbered {numbers}: rolling one of those starts an Encounter."),
    ("noise_roll_none", "No corridor of {room} holds Noise yet: only a number already marked would start an Encounter."),
    ("encounter_noise_off", "Every Noise marker in the corridors of {room} is removed."),
    ("encounter_draw", "A token is drawn from the bag ({count} inside) and its Intruder appears in {room}."),
    ("encounter_surprise", "{player} holds {hand} cards: a token numbered higher than {hand} means a Surprise Attack on them."),
    ("encounter_blank", "A Blank token instead puts Noise in every corridor of the room and goes back in the bag."),
    ("encounter_first", "This is the first Encounter: every player then keeps one of their two objectives."),
    ("attack_target", "{kind} {id} attacks {player}: the fewest cards in hand ({hand})."),
    ("attack_target_tie", "{kind} {id} attacks {player}: the fewest cards in hand ({hand}), shared, so the First Player token and then turn order decide."),
    ("attack_target_chosen", "{kind} {id} attacks {player}, as chosen."),
    ("attack_nobody", "No character is in {room}: {kind} {id} has no one to attack."),
    ("attack_larva", "A Larva draws no card: it crawls onto {player}'s board and gives a Contamination card."),
    ("attack_card", "An Intruder Attack card is drawn: it hits only if it shows the {kind} symbol."),
    ("intruder_player_cards", "{player} draws {cards, plural, one {# Intruder Attack card} other {# Intruder Attack cards}} and picks the one that {kind} #{id} uses on {target}; only a card showing the {kind} symbol hits. The others go to the bottom of the deck."),
    ("injury_larva", "A Larva dies from a single Injury."),
    ("injury_check_one", "{kind} {id} will have {total} Injuries: an Intruder Attack card is drawn, and if its blood number is {total} or less, it dies."),
    ("injury_check_two", "{kind} {id} will have {total} Injuries: two Intruder Attack cards are drawn, and if their blood numbers add up to {total} or less, it dies."),
    ("injury_retreat", "A Retreat arrow on a card drawn makes it flee instead."),
    ("contamination_given", "{player} puts {count, plural, one {# Contamination card} other {# Contamination cards}} on their Action discard pile: useless in hand, and maybe INFECTED, which only a Scan shows."),
    ("victory_engines", "The top Engine tokens are revealed: with 2 or 3 Damaged the ship explodes, and everyone hibernating dies."),
    ("victory_coordinates", "The Coordinates card is revealed: unless the ship heads for Earth, those hibernating die (the Quarantine objective survives Mars)."),
    ("victory_contamination", "{player} scans every Contamination card they hold: any INFECTED, or a Larva on their board, and they shuffle their cards and draw 4; a Contamination card among them kills."),
    ("shoot_small", "Discard 1 Ammo from the weapon. Against a {kind}, every Combat die face but the blank hits; 2 hits deal 2 Injuries."),
    ("shoot_adult", "Discard 1 Ammo from the weapon. Against an Adult, the Adult symbol and the hits land (2 hits deal 2 Injuries); the Creeper symbol and the blank miss."),
    ("shoot_big", "Discard 1 Ammo from the weapon. Against a {kind}, only 1 hit and 2 hits land (2 hits deal 2 Injuries)."),
    ("melee_small", "{player} draws a Contamination card first. Against a {kind}, every Combat die face but the blank hits, 2 hits count as 1; a miss gives {player} a Serious Wound."),
    ("melee_adult", "{player} draws a Contamination card first. Against an Adult, the Adult symbol and the hits land, 2 hits count as 1; the Creeper symbol or the blank gives {player} a Serious Wound."),
    ("melee_big", "{player} draws a Contamination card first. Against a {kind}, only 1 hit and 2 hits land, as 1 Injury; anything else gives {player} a Serious Wound."),
    ("hit_larva", "A Larva dies from any Injury."),
    ("hit_check_one", "A hit leads to the Injury check: one Intruder Attack card against {kind} #{id}'s Injuries."),
    ("hit_check_two", "A hit leads to the Injury check: two Intruder Attack cards against {kind} #{id}'s Injuries."),
    ("victory_objective", "{player}'s objective is judged: a survivor who met it wins."),
    ("victory_objective_coop", "In the cooperative game every objective counts, the dead players' too: the crew wins only if all are met and someone survived. Each objective asking for the Signal needs its own character to have sent it."),
    ("victory_contamination_clean", "{player} has no Contamination card and no Larva: they survive this check."),
];

fn hint(key: &str, rule: &str, params: Vec<(&str, LogParam)>) -> Hint {
    let params: BTreeMap<String, LogParam> = params.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
    let template = HINTS.iter().find(|(k, _)| *k == key).map_or("", |(_, t)| *t);
    Hint { key: key.to_string(), text: render(template, &params), params, rule: rule.to_string() }
}

fn num(n: impl Into<i32>) -> LogParam {
    LogParam::number(n)
}

fn player(s: &PublicSeat) -> LogParam {
    LogParam::text(s.name.clone())
}

fn kind(k: IntruderKind) -> LogParam {
    LogParam::of("intruder", &k, k.name())
}

/// The characters able to act in a room (awake, on board), in turn order.
fn characters_at<'a>(v: &'a PublicView, at: Location) -> Vec<&'a PublicSeat> {
    v.turn_order.iter().filter_map(|s| v.seats.iter().find(|x| x.seat == *s)).filter(|x| x.life == Life::Awake && x.location == at).collect()
}

/// The numbers of a room's exits that already hold a Noise marker.
fn noisy_numbers(v: &PublicView, at: Location) -> Vec<u8> {
    let board = &Content::pack(v.pack).board;
    if at.0 == 0 || at.0 as usize > board.exits.len() {
        return Vec::new();
    }
    (1..=4u8)
        .filter(|n| match board.exit(at, *n) {
            Exit::Corridor(c) => v.corridors.iter().any(|k| k.id == c && k.noise),
            Exit::Technical => v.technical_noise,
        })
        .collect()
}

/// What a Noise roll by `seat` in `at` means now.
fn noise_roll(v: &PublicView, seat: &PublicSeat, at: Location, out: &mut Vec<Hint>) {
    out.push(hint("noise_roll", "noise_roll", vec![("room", LogParam::room(at.0))]));
    let noisy = noisy_numbers(v, at);
    if noisy.is_empty() {
        out.push(hint("noise_roll_none", "noise_markers", vec![("room", LogParam::room(at.0))]));
    } else {
        out.push(hint("noise_roll_noisy", "noise_markers", vec![("numbers", LogParam::List { items: noisy.into_iter().map(num).collect() })]));
    }
    if seat.slime {
        out.push(hint("noise_roll_slime", "slime", vec![("player", player(seat))]));
    }
}

/// The hints for a command about to run; empty when it needs none or names nothing that exists.
pub fn explain(v: &PublicView, command: &Command) -> Vec<Hint> {
    let seat_of = |s: Seat| v.seats.iter().find(|x| x.seat == s);
    let mut out = Vec::new();
    match command {
        Command::MoveCharacter { seat, to, careful_noise } => {
            let (Some(s), Some(room)) = (seat_of(*seat), v.rooms.iter().find(|r| r.at == *to)) else { return out };
            let here = v.intruders.iter().filter(|i| i.at == s.location).count();
            if here > 0 {
                out.push(hint("move_escape", "escape", vec![("player", player(s)), ("count", num(here as i32))]));
            }
            if !room.explored {
                out.push(hint("move_explore", "exploration", vec![("room", LogParam::room_as(to.0, RoomForm::Number))]));
                // Under Careful Movement Silence and Danger do nothing at all (p. 13; FAQ Actions 11).
                if s.slime && careful_noise.is_none() {
                    out.push(hint("move_explore_slime", "slime", vec![("player", player(s))]));
                }
            }
            let occupied = v.intruders.iter().any(|i| i.at == *to) || characters_at(v, *to).iter().any(|x| x.seat != *seat);
            if occupied {
                out.push(hint("move_occupied", "move", vec![("room", LogParam::room(to.0))]));
            } else if let Some(n) = careful_noise {
                out.push(hint("move_careful", "careful_movement", vec![("number", num(*n)), ("room", LogParam::room(to.0))]));
            } else {
                noise_roll(v, s, *to, &mut out);
            }
        }
        Command::NoiseRoll { seat } => {
            if let Some(s) = seat_of(*seat) {
                noise_roll(v, s, s.location, &mut out);
            }
        }
        Command::Encounter { seat } => {
            let Some(s) = seat_of(*seat) else { return out };
            let at = s.location;
            if !v.first_encounter {
                out.push(hint("encounter_first", "first_encounter", vec![]));
            }
            out.push(hint("encounter_noise_off", "encounter", vec![("room", LogParam::room(at.0))]));
            out.push(hint("encounter_draw", "encounter", vec![("count", num(v.bag)), ("room", LogParam::room(at.0))]));
            out.push(hint("encounter_surprise", "surprise_attack", vec![("player", player(s)), ("hand", num(s.hand))]));
            out.push(hint("encounter_blank", "blank_token", vec![]));
        }
        Command::AttackCharacter { id, target } => {
            let Some(i) = v.intruders.iter().find(|i| i.id == *id) else { return out };
            let who = vec![("kind", kind(i.kind)), ("id", num(i.id.0))];
            let here = characters_at(v, i.at);
            let chosen = match target {
                Some(t) => {
                    let Some(s) = seat_of(*t) else { return out };
                    out.push(hint("attack_target_chosen", "intruder_attack", [who.clone(), vec![("player", player(s))]].concat()));
                    s
                }
                None => {
                    let Some(fewest) = here.iter().map(|x| x.hand).min() else {
                        out.push(hint("attack_nobody", "intruder_attack", [who, vec![("room", LogParam::room(i.at.0))]].concat()));
                        return out;
                    };
                    let tied: Vec<&&PublicSeat> = here.iter().filter(|x| x.hand == fewest).collect();
                    let s = tied[0];
                    let key = if tied.len() > 1 { "attack_target_tie" } else { "attack_target" };
                    out.push(hint(key, "intruder_attack", [who.clone(), vec![("player", player(s)), ("hand", num(s.hand))]].concat()));
                    s
                }
            };
            if i.kind == IntruderKind::Larva {
                out.push(hint("attack_larva", "larva_infestation", vec![("player", player(chosen))]));
            } else {
                out.push(hint("attack_card", "intruder_attack", vec![("kind", kind(i.kind))]));
            }
        }
        Command::IntruderPlayerAttack { seat, id, target, card_number: cards } => {
            let (Some(i), Some(by), Some(on)) = (v.intruders.iter().find(|i| i.id == *id), seat_of(*seat), seat_of(*target)) else { return out };
            if i.kind == IntruderKind::Larva {
                out.push(hint("attack_larva", "larva_infestation", vec![("player", player(on))]));
            } else if *cards == 1 {
                out.push(hint("attack_target_chosen", "intruder_attack", vec![("kind", kind(i.kind)), ("id", num(i.id.0)), ("player", player(on))]));
                out.push(hint("attack_card", "intruder_attack", vec![("kind", kind(i.kind))]));
            } else {
                let params = vec![("player", player(by)), ("cards", num(*cards)), ("kind", kind(i.kind)), ("id", num(i.id.0)), ("target", player(on))];
                out.push(hint("intruder_player_cards", "intruder_player", params));
            }
        }
        Command::Shoot { seat, id, .. } | Command::MeleeAttack { seat, id } => {
            let (Some(i), Some(s)) = (v.intruders.iter().find(|i| i.id == *id), seat_of(*seat)) else { return out };
            let melee = matches!(command, Command::MeleeAttack { .. });
            let size = match i.kind {
                IntruderKind::Larva | IntruderKind::Creeper => "small",
                IntruderKind::Adult => "adult",
                IntruderKind::Breeder | IntruderKind::Queen => "big",
            };
            let (key, rule) = if melee { (format!("melee_{size}"), "melee") } else { (format!("shoot_{size}"), "shoot") };
            out.push(hint(&key, rule, vec![("player", player(s)), ("kind", kind(i.kind))]));
            let who = vec![("kind", kind(i.kind)), ("id", num(i.id.0))];
            match i.kind {
                IntruderKind::Larva => out.push(hint("hit_larva", "intruder_injuries", vec![])),
                IntruderKind::Creeper | IntruderKind::Adult => out.push(hint("hit_check_one", "intruder_injuries", who)),
                IntruderKind::Breeder | IntruderKind::Queen => out.push(hint("hit_check_two", "intruder_injuries", who)),
            }
        }
        Command::InjureIntruder { id, injuries } => {
            let Some(i) = v.intruders.iter().find(|i| i.id == *id) else { return out };
            let total = i32::from(i.injuries) + i32::from(*injuries);
            let who = vec![("kind", kind(i.kind)), ("id", num(i.id.0)), ("total", num(total))];
            match i.kind {
                IntruderKind::Larva => out.push(hint("injury_larva", "intruder_injuries", vec![])),
                IntruderKind::Creeper | IntruderKind::Adult => out.push(hint("injury_check_one", "intruder_injuries", who)),
                IntruderKind::Breeder | IntruderKind::Queen => out.push(hint("injury_check_two", "intruder_injuries", who)),
            }
            if i.kind != IntruderKind::Larva {
                out.push(hint("injury_retreat", "intruder_retreat", vec![]));
            }
        }
        Command::GiveContamination { seat, count } => {
            if let Some(s) = seat_of(*seat) {
                out.push(hint("contamination_given", "contamination", vec![("player", player(s)), ("count", num(*count))]));
            }
        }
        Command::RevealEngines => out.push(hint("victory_engines", "engines", vec![])),
        Command::RevealCoordinates { .. } => out.push(hint("victory_coordinates", "coordinates", vec![])),
        Command::JudgeObjective { seat, .. } => {
            if v.mode == Mode::Cooperative {
                out.push(hint("victory_objective_coop", "cooperative_mode", vec![]));
            } else if let Some(s) = seat_of(*seat) {
                out.push(hint("victory_objective", "objectives", vec![("player", player(s))]));
            }
        }
        Command::CheckContamination { seat } => {
            if let Some(s) = seat_of(*seat) {
                let key = if s.contamination_cards == 0 && !s.larva { "victory_contamination_clean" } else { "victory_contamination" };
                out.push(hint(key, "victory_check", vec![("player", player(s))]));
            }
        }
        // Every other command sets off nothing to explain: the catalogue marks it not `explained`
        // (the catalogue tests tie the two, so a command marked explained cannot end here).
        _ => {}
    }
    out
}
