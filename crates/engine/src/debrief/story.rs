//! The story's words: every debrief line's English template, and what each event adds to the
//! story, told with the state after it and before it.

use super::*;

/// Every debrief line's English template, by key. The English catalogue holds the same texts under
/// `debrief.line.<key>` (a test keeps the two equal); the other catalogues translate them.
pub const TEMPLATES: &[(&str, &str)] = &[
    // Setup: what lay face down from the start.
    ("setup_coordinates", "The Coordinates card read: A {a}, B {b}, C {c}, D {d}."),
    ("setup_engines", "The Engine tokens on top: Engine 1 {e1}, Engine 2 {e2}, Engine 3 {e3}."),
    ("setup_bag", "The Intruder bag was filled."),
    ("setup_contamination", "The Contamination deck held {infected, plural, one {# INFECTED card} other {# INFECTED cards}} among {total}."),
    ("setup_objectives", "{player} was dealt {cards}."),
    ("setup_weaknesses", "The Weakness cards were {cards}."),
    // The bag.
    ("bag_draw_encounter", "Bag draw for an Encounter: {token}."),
    ("bag_draw_development", "Bag draw for the bag's development: {token}."),
    ("bag_draw_summoning", "Bag draw to summon an Intruder: {token}."),
    ("bag_empty", "The bag was empty when a token was asked for."),
    ("token_back", "{token} went back into the bag."),
    ("token_added", "{token} was added to the bag."),
    ("token_supply", "{token} went to the supply."),
    ("intruder_left", "An Intruder left the board: its {token} token went back into the bag."),
    // Cards.
    ("event_card", "Event card: {card}."),
    ("event_card_retreat", "Event card drawn only for its direction: {card}."),
    ("attack_card", "Intruder Attack card against {player}: {card}."),
    ("attack_card_endurance", "Intruder Attack card for an injury check: {card}."),
    ("weakness_revealed", "Weakness discovered: {card}."),
    // Secrets a seat held.
    ("contamination_given", "{player} got Contamination card C-{card}: {truth}."),
    ("contamination_scanned", "{player} scanned C-{card}: {truth}."),
    ("contamination_removed", "{player} got rid of C-{card}: {truth}."),
    ("engine_checked", "{player} checked Engine {engine}: {status} on top."),
    ("engine_repair", "{player} took up Engine {engine}'s tokens, {status} on top."),
    ("engine_order_changed", "{player} turned Engine {engine} around: {status} on top now."),
    ("engine_order_unchanged", "{player} put Engine {engine} back as it was: {status} on top."),
    ("engine_order_reported", "{player} set Engine {engine}'s tokens at the table."),
    ("coordinates_checked", "{player} checked the Coordinates card."),
    ("destination_set", "The destination was set to {letter}: {destination}."),
    ("objective_chosen", "{player} kept {card}."),
    ("objective_chosen_table", "{player} kept an objective at the table."),
    // What everyone saw, that shaped the story.
    ("surprise_attack", "Surprise Attack on {player}: a token of {back} against {hand, plural, one {# card} other {# cards}}."),
    ("character_died", "{player} died: {cause}."),
    ("intruder_killed", "Intruder {id} was killed."),
    ("self_destruct_started", "The Self-Destruct sequence started."),
    ("self_destruct_stopped", "The Self-Destruct sequence was stopped."),
    ("signal", "{player} sent the Signal."),
    ("hibernated", "{player} went into hibernation."),
    ("pod_launched", "Escape Pod {pod} launched."),
    ("game_ended", "The game ended: {cause}."),
    ("engines_revealed", "The Engines at the end: Engine 1 {e1}, Engine 2 {e2}, Engine 3 {e3}."),
    ("coordinates_revealed", "The ship was headed for {destination}."),
    ("contamination_clean", "{player} was not infected."),
    ("contamination_lucky", "{player} was INFECTED but drew no Contamination card."),
    ("contamination_dies", "{player} was INFECTED and drew {drawn, plural, one {# Contamination card} other {# Contamination cards}}."),
    ("objective_revealed", "{player} revealed {card}."),
    ("objective_met", "{player}'s objective was met."),
    ("objective_not_met", "{player}'s objective was not met."),
    // Verdicts.
    ("verdict_escaped", "Escaped in an Escape Pod."),
    ("verdict_hibernated", "Survived in hibernation."),
    ("verdict_died", "Died in turn {turn}: {cause}."),
    ("verdict_objective_met", "Objective met: {card}."),
    ("verdict_objective_not_met", "Objective not met: {card}."),
    ("verdict_objective_met_table", "Objective met (cards kept at the table)."),
    ("verdict_objective_not_met_table", "Objective not met (cards kept at the table)."),
    ("verdict_infected", "INFECTED at the end, and a Contamination card was drawn."),
    ("verdict_lucky", "INFECTED at the end, but no Contamination card was drawn."),
    ("verdict_engines", "The Engines failed and the ship exploded."),
    ("verdict_destination", "The ship reached {destination}."),
    ("verdict_crew_won", "The crew won together."),
    ("verdict_crew_lost", "The crew lost together."),
    // Near misses.
    ("near_self_destruct", "The Self-Destruct sequence was {left, plural, one {# space} other {# spaces}} from the end."),
    ("near_time", "The ship was {left, plural, one {# space} other {# spaces}} from the jump."),
    ("near_fire", "The ship held at most {most} of the {limit, plural, one {# Fire marker} other {# Fire markers}} at once."),
    ("near_malfunction", "The ship held at most {most} of the {limit, plural, one {# Malfunction marker} other {# Malfunction markers}} at once."),
    ("near_surprise", "{player} held {hand, plural, one {# card} other {# cards}} against a token of {back}: one card fewer and it was a Surprise Attack."),
    ("near_engines", "One more Damaged Engine and the ship would have exploded."),
    ("near_contamination", "{player} was INFECTED and still drew no Contamination card."),
];

/// A debrief line's English template (the key itself for a key no template has).
pub fn template(key: &str) -> &'static str {
    TEMPLATES.iter().find(|(k, _)| *k == key).map(|(_, t)| *t).unwrap_or("{?}")
}

pub(super) fn num(n: impl Into<i32>) -> LogParam {
    LogParam::Number { value: n.into() }
}

pub(super) fn term(key: String, en: impl Into<String>) -> LogParam {
    LogParam::Term { key, en: en.into() }
}

pub(super) fn list(items: impl IntoIterator<Item = LogParam>) -> LogParam {
    LogParam::List { items: items.into_iter().collect() }
}

/// A variant's English name from its Debug form: `ShipExploded` → "Ship exploded".
pub(super) fn en_words(x: &impl std::fmt::Debug) -> String {
    let raw = format!("{x:?}");
    let mut out = String::new();
    for (i, ch) in raw.chars().enumerate() {
        if ch.is_uppercase() && i > 0 {
            out.push(' ');
            out.extend(ch.to_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}

pub(super) fn named<T: Serialize + std::fmt::Debug>(group: &str, x: &T) -> LogParam {
    LogParam::of(group, x, en_words(x))
}

pub(super) fn status(s: EngineStatus) -> LogParam {
    match s {
        EngineStatus::Working => term("engine_status.working".into(), "Working"),
        EngineStatus::Damaged => term("engine_status.damaged".into(), "Damaged"),
    }
}

pub(super) fn truth(infected: Hidden<bool>) -> LogParam {
    match infected {
        Hidden::Known(true) => term("debrief.truth.infected".into(), "INFECTED"),
        Hidden::Known(false) => term("debrief.truth.clean".into(), "not infected"),
        Hidden::Unknown => term("debrief.truth.unknown".into(), "unknown (a physical card)"),
    }
}

pub(super) fn line(seq: u32, key: &'static str, params: Vec<(&str, LogParam)>, seat: Option<Seat>) -> StoryLine {
    let params: BTreeMap<String, LogParam> = params.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
    StoryLine { seq, key: key.to_string(), text: render(template(key), &params), params, seat, bag: None }
}

pub(super) fn bag_of(s: &State) -> Vec<BagCount> {
    let c = s.content();
    let mut out: Vec<BagCount> = Vec::new();
    for (i, place) in s.tokens.iter().enumerate() {
        if *place != TokenPlace::Bag {
            continue;
        }
        let kind = c.token(TokenId(i as u8)).kind;
        match out.iter_mut().find(|b| b.kind == kind) {
            Some(b) => b.count += 1,
            None => out.push(BagCount { kind, count: 1 }),
        }
    }
    // Weakest first, as the bag's contents are listed on the Intruder board.
    out.sort_by_key(|b| match b.kind {
        TokenKind::Blank => 0,
        TokenKind::Larva => 1,
        TokenKind::Creeper => 2,
        TokenKind::Adult => 3,
        TokenKind::Breeder => 4,
        TokenKind::Queen => 5,
    });
    out
}

/// What one event adds to the story, told with the state after it (`s`) and before it (`was`).
pub(super) fn tell(s: &State, was: &State, seq: u32, e: &Event, near: &mut Vec<StoryLine>) -> Option<StoryLine> {
    let c = s.content();
    let d = &c.data;
    let player = |seat: &Seat| ("player", LogParam::text(s.seats.get(*seat).map(|x| x.name.clone()).unwrap_or_default()));
    let token = |t: &TokenId| ("token", named("token", &c.token(*t).kind));
    let card_id = |x: &ContaminationId| ("card", LogParam::text(format!("{:02}", x.0 + 1)));
    let objective = |o: &ObjectiveId| {
        let x = &d.objectives[o.0 as usize];
        term(format!("card.objective.{}", x.key), x.name.clone())
    };
    let bag = |mut l: StoryLine| {
        l.bag = Some(bag_of(s));
        Some(l)
    };
    let infected = |x: &ContaminationId| s.infected.get(x.0 as usize).copied().unwrap_or(Hidden::Unknown);
    match e {
        Event::CoordinatesPlaced { card } => {
            let k = &d.coordinates[card.0 as usize];
            let p = |x: &Destination| named("destination", x);
            Some(line(seq, "setup_coordinates", vec![("a", p(&k.a)), ("b", p(&k.b)), ("c", p(&k.c)), ("d", p(&k.d))], None))
        }
        Event::EnginesPlaced { tops } => Some(line(seq, "setup_engines", vec![("e1", status(tops[0])), ("e2", status(tops[1])), ("e3", status(tops[2]))], None)),
        Event::BagFilled { .. } => bag(line(seq, "setup_bag", vec![], None)),
        Event::ContaminationPrepared { infected } => Some(line(
            seq,
            "setup_contamination",
            vec![("infected", num(infected.iter().filter(|x| **x).count() as i32)), ("total", num(infected.len() as i32))],
            None,
        )),
        Event::ObjectivesDealt { seat, cards } if !cards.is_empty() => {
            Some(line(seq, "setup_objectives", vec![player(seat), ("cards", list(cards.iter().map(objective)))], Some(*seat)))
        }
        Event::WeaknessesPlaced { cards } => Some(line(
            seq,
            "setup_weaknesses",
            vec![("cards", list(cards.iter().map(|w| {
                let x = &d.weaknesses[w.0 as usize];
                term(format!("card.weakness.{}", x.key), x.name.clone())
            })))],
            None,
        )),
        Event::TokenDrawn { token: t, purpose } => {
            let key = match purpose {
                DrawPurpose::Encounter => "bag_draw_encounter",
                DrawPurpose::Development => "bag_draw_development",
                DrawPurpose::Summoning => "bag_draw_summoning",
            };
            bag(line(seq, key, vec![token(t)], None))
        }
        Event::BagWasEmpty { .. } => Some(line(seq, "bag_empty", vec![], None)),
        Event::TokenReturned { token: t } => bag(line(seq, "token_back", vec![token(t)], None)),
        Event::TokenAddedToBag { token: t } => bag(line(seq, "token_added", vec![token(t)], None)),
        Event::TokenToSupply { token: t } => bag(line(seq, "token_supply", vec![token(t)], None)),
        Event::IntruderLeftBoard { id } => match was.intruder(*id).and_then(|i| i.token) {
            Some(t) => bag(line(seq, "intruder_left", vec![token(&t)], None)),
            None => None,
        },
        Event::EventCardDrawn { card, purpose } => {
            let x = &d.events[card.0 as usize];
            let key = if *purpose == EventDraw::Retreat { "event_card_retreat" } else { "event_card" };
            Some(line(seq, key, vec![("card", term(format!("card.event.{}", x.key), x.name.clone()))], None))
        }
        Event::AttackCardDrawn { card, purpose } => {
            let x = &d.attacks[card.0 as usize];
            let card = ("card", term(format!("card.attack.{}", x.key), x.name.clone()));
            match purpose {
                AttackDraw::Attack { target, .. } => Some(line(seq, "attack_card", vec![player(target), card], None)),
                AttackDraw::Endurance { .. } => Some(line(seq, "attack_card_endurance", vec![card], None)),
            }
        }
        Event::WeaknessRevealed { card, .. } => {
            let x = &d.weaknesses[card.0 as usize];
            Some(line(seq, "weakness_revealed", vec![("card", term(format!("card.weakness.{}", x.key), x.name.clone()))], None))
        }
        Event::ContaminationGiven { seat, card, .. } => {
            Some(line(seq, "contamination_given", vec![player(seat), card_id(card), ("truth", truth(infected(card)))], Some(*seat)))
        }
        Event::ContaminationScanned { seat, card, infected: i, .. } => {
            Some(line(seq, "contamination_scanned", vec![player(seat), card_id(card), ("truth", truth(Hidden::Known(*i)))], Some(*seat)))
        }
        Event::ContaminationRemoved { seat, card } => {
            Some(line(seq, "contamination_removed", vec![player(seat), card_id(card), ("truth", truth(infected(card)))], Some(*seat)))
        }
        Event::EngineChecked { seat, engine, top } => {
            Some(line(seq, "engine_checked", vec![player(seat), ("engine", num(engine.0)), ("status", status(*top))], Some(*seat)))
        }
        Event::EngineRepairBegun { seat, engine, top } => {
            Some(line(seq, "engine_repair", vec![player(seat), ("engine", num(engine.0)), ("status", status(*top))], Some(*seat)))
        }
        Event::EngineOrderSet { seat, engine, top, changed } => Some(line(
            seq,
            if *changed { "engine_order_changed" } else { "engine_order_unchanged" },
            vec![player(seat), ("engine", num(engine.0)), ("status", status(*top))],
            Some(*seat),
        )),
        Event::EngineOrderReported { seat, engine, .. } => {
            Some(line(seq, "engine_order_reported", vec![player(seat), ("engine", num(engine.0))], Some(*seat)))
        }
        Event::CoordinatesChecked { seat, .. } => Some(line(seq, "coordinates_checked", vec![player(seat)], Some(*seat))),
        Event::DestinationSet { letter } => {
            let destination = match s.coordinates {
                Hidden::Known(k) => named("destination", &d.coordinates[k.0 as usize].destination(*letter)),
                Hidden::Unknown => truth(Hidden::Unknown),
            };
            Some(line(seq, "destination_set", vec![("letter", named("destination_letter", letter)), ("destination", destination)], None))
        }
        Event::ObjectiveChosen { seat, objective: Some(o) } => Some(line(seq, "objective_chosen", vec![player(seat), ("card", objective(o))], Some(*seat))),
        Event::ObjectiveChosen { seat, objective: None } => Some(line(seq, "objective_chosen_table", vec![player(seat)], Some(*seat))),
        Event::SurpriseAttack { seat, back, hand, .. } => {
            Some(line(seq, "surprise_attack", vec![player(seat), ("back", num(*back)), ("hand", num(*hand))], None))
        }
        Event::CharacterDied { seat, cause } => Some(line(seq, "character_died", vec![player(seat), ("cause", named("death", cause))], None)),
        Event::IntruderKilled { id } => Some(line(seq, "intruder_killed", vec![("id", num(id.0 as i32))], None)),
        Event::SelfDestructStarted => Some(line(seq, "self_destruct_started", vec![], None)),
        Event::SelfDestructStopped => Some(line(seq, "self_destruct_stopped", vec![], None)),
        Event::SignalSent { seat } => Some(line(seq, "signal", vec![player(seat)], None)),
        Event::CharacterHibernated { seat } => Some(line(seq, "hibernated", vec![player(seat)], None)),
        Event::PodLaunched { pod } => Some(line(seq, "pod_launched", vec![("pod", num(pod.0))], None)),
        Event::GameEnded { cause, .. } => Some(line(seq, "game_ended", vec![("cause", named("end", cause))], None)),
        Event::EnginesRevealed { tops } => {
            if tops.iter().filter(|t| **t == EngineStatus::Damaged).count() == 1 {
                near.push(line(0, "near_engines", vec![], None));
            }
            Some(line(seq, "engines_revealed", vec![("e1", status(tops[0])), ("e2", status(tops[1])), ("e3", status(tops[2]))], None))
        }
        Event::CoordinatesRevealed { destination, .. } => Some(line(seq, "coordinates_revealed", vec![("destination", named("destination", destination))], None)),
        Event::ContaminationChecked { seat, infected, drawn_contamination, dies } => {
            let key = match (infected, dies) {
                (false, _) => "contamination_clean",
                (true, false) => "contamination_lucky",
                (true, true) => "contamination_dies",
            };
            if *infected && !*dies {
                near.push(line(0, "near_contamination", vec![player(seat)], None));
            }
            Some(line(seq, key, vec![player(seat), ("drawn", num(*drawn_contamination))], None))
        }
        Event::ObjectiveRevealed { seat, objective: Some(o) } => Some(line(seq, "objective_revealed", vec![player(seat), ("card", objective(o))], None)),
        Event::ObjectiveJudged { seat, met } => Some(line(seq, if *met { "objective_met" } else { "objective_not_met" }, vec![player(seat)], None)),
        _ => None,
    }
}
