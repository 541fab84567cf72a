//! The game log, per audience. A line about a private act says that it happened, never what was
//! seen; the seat that saw it gets a second line with the result. Each line is a template key plus
//! its values, so every screen renders it in its own language; the English text rides along.

use crate::content::ExplorationEffect;
use crate::event::{DrawPurpose, Event, EventDraw, TableTask};
use crate::game::{Entry, EntryKind};
use crate::ids::*;
use crate::event::DeathCause;
use crate::state::{EventStep, NoiseSpot, Phase, ScanQuestion, State};
pub use crate::words::{render, template, LogParam, RoomForm, TEMPLATES};

mod combat;
mod ending;
mod hands;
mod params;
mod secrets;
use params::{num, player, term, named, card, list, engine_status, corridor_ends, corridor_numbers, words};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "kind", content = "seat")]
pub enum Audience {
    Table,
    Seat(Seat),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LogLine {
    pub seq: u32,
    /// The line's template, `log.line.<key>` in the catalogues; `correction` and `undone` lines
    /// mark how the entry changed the record.
    pub key: String,
    /// The values the template names. A screen renders the line in its own language from the
    /// key and these; `text` is the English rendering, for the script door and exported files.
    pub params: BTreeMap<String, LogParam>,
    pub text: String,
    pub private: bool,
}


type Params = Vec<(&'static str, LogParam)>;

/// One described event: its key, its values, and whether only its seat may read it.
pub struct Said {
    pub key: &'static str,
    pub params: BTreeMap<String, LogParam>,
    pub private: bool,
}

impl Said {
    pub fn text(&self) -> String {
        render(template(self.key), &self.params)
    }
}

fn said(key: &'static str, params: Params, private: bool) -> Option<Said> {
    Some(Said { key, params: params.into_iter().map(|(k, v)| (k.to_string(), v)).collect(), private })
}

/// A line every audience reads alike.
fn public(key: &'static str, params: Params) -> Option<Said> {
    said(key, params, false)
}

/// A line only the seat it belongs to reads (`describe` gives it to that seat alone).
fn private(key: &'static str, params: Params) -> Option<Said> {
    said(key, params, true)
}

/// Describes one event for one audience; `None` when it has nothing to say to them.
/// Private results are given only to the seat they belong to.
pub fn describe(s: &State, e: &Event, to: Audience) -> Option<Said> {
    let c = s.content();
    let d = &c.data;
    let mine = |seat: &Seat| to == Audience::Seat(*seat);
    let who = |seat: &Seat| ("player", player(s, *seat));
    let room = |at: &Location| ("room", LogParam::room(at.0));
    // A room as the line's sentence names it: turned over, or where a move or a marker goes.
    let room_as = |at: &Location, form| ("room", LogParam::room_as(at.0, form));
    let id = |i: &IntruderId| ("id", num(i.0));
    let objective = |o: &ObjectiveId| {
        let x = &d.objectives[o.0 as usize];
        card("objective", &x.key, &x.name)
    };
    let exploration = |t: &ExplorationId| {
        let x = &d.exploration_tokens[t.0 as usize];
        (named("effect", &x.effect), num(x.items))
    };
    let tile = |t: &RoomTileId| {
        let x = c.tile(*t);
        card("room", &x.key, &x.name)
    };
    let token = |t: &TokenId| named("token", &c.token(*t).kind);
    let event_card = |x: &EventCardId| {
        let x = &d.events[x.0 as usize];
        card("event", &x.key, &x.name)
    };
    match e {
        Event::GameSetUp { config, .. } => public("game_set_up", vec![("players", num(config.players))]),
        Event::RoomTilesPlaced { .. } => public("room_tiles_placed", vec![]),
        Event::ExplorationTokensPlaced { .. } => public("exploration_tokens_placed", vec![]),
        Event::CoordinatesPlaced { .. } => public("coordinates_placed", vec![]),
        Event::EscapePodsPlaced { pods } => public(
            "escape_pods_placed",
            vec![("pods", list(pods.iter().map(|(p, sec)| LogParam::Text { value: format!("{} ({})", p.0, words(sec)) })))],
        ),
        Event::EnginesPlaced { .. } => public("engines_placed", vec![]),
        Event::WeaknessesPlaced { .. } => public("weaknesses_placed", vec![]),
        Event::BagFilled { tokens } => public("bag_filled", vec![("count", num(tokens.len() as i32))]),
        Event::DeckShuffled { deck, .. } => public("deck_shuffled", vec![("deck", named("deck_kind", deck))]),
        Event::DeckReshuffled { deck, .. } => public("deck_reshuffled", vec![("deck", named("deck_kind", deck))]),
        Event::ContaminationPrepared { .. } => None,
        Event::ObjectivesDealt { seat, cards } => {
            if mine(seat) {
                private("objectives_dealt_private", vec![("cards", list(cards.iter().map(objective)))])
            } else {
                public("objectives_dealt", vec![who(seat)])
            }
        }
        Event::DraftOffered { seat, characters } => public(
            "draft_offered",
            vec![
                who(seat),
                ("characters", list(characters.iter().map(|x| {
                    let x = &d.characters[x.0 as usize];
                    card("character", &x.key, &x.name)
                }))),
            ],
        ),
        Event::CharacterKept { seat, character } => {
            let x = &d.characters[character.0 as usize];
            public("character_kept", vec![who(seat), ("character", card("character", &x.key, &x.name))])
        }
        Event::PlayStarted => public("play_started", vec![]),
        Event::PhaseChanged { phase } => match phase {
            Phase::Draft => public("phase_changed", vec![("phase", term("phase.draft".into(), "the character draft"))]),
            Phase::Player => public("phase_changed", vec![("phase", term("phase.player".into(), "the Player Phase"))]),
            Phase::Event { step } => public("phase_changed_event", vec![("step", named("event_step", step))]),
            Phase::Over { cause, .. } => public("phase_changed_over", vec![("cause", named("end", cause))]),
        },
        Event::TurnBegan { turn, first_player } => public("turn_began", vec![("turn", num(*turn)), who(first_player)]),
        Event::HandSizeSet { seat, cards } => public("hand_size_set", vec![who(seat), ("cards", num(*cards))]),
        Event::RoundBegan { seat, again } => {
            let actions = if s.intruder_player_now() == Some(*seat) { 1 } else { 2 };
            public(if *again { "round_began_again" } else { "round_began" }, vec![who(seat), ("actions", num(actions))])
        }
        Event::ActionTaken { seat, cards } => {
            public("action_taken", vec![who(seat), ("cards", num(*cards)), ("hand", num(s.seats[*seat].hand))])
        }
        Event::RoundEnded { seat, passed: false } => public("round_ended", vec![who(seat)]),
        Event::RoundEnded { seat, passed: true } => public("round_passed", vec![who(seat)]),
        Event::RoundGiven { seat } => public("round_given", vec![who(seat)]),
        Event::CharacterMoved { seat, to } => public("character_moved", vec![who(seat), room_as(to, RoomForm::To)]),
        Event::RoomExplored { at, tile: t, token: x, items } => {
            // No Malfunction marker ever goes in the Nest or the Room Covered with Slime (p. 17):
            // the token's Malfunction places none, and the line must not tell the table to.
            let refused = matches!(c.tile(*t).key.as_str(), "nest" | "room_covered_with_slime");
            if refused && d.exploration_tokens[x.0 as usize].effect == ExplorationEffect::Malfunction {
                return public("room_explored_no_malfunction", vec![room_as(at, RoomForm::FaceDown), ("tile", tile(t))]);
            }
            let (effect, _) = exploration(x);
            // p. 17: a Slime marker turns the token's Silence into Danger (the Room Covered with
            // Slime gives its marker before the token counts): said, or the Noise that follows a
            // "Silence" reads as a mistake, as with a slimed Noise roll.
            let slimed = c.tile(*t).key == "room_covered_with_slime" || s.characters_at(*at).iter().any(|x| s.seats[*x].slime);
            if slimed && d.exploration_tokens[x.0 as usize].effect == ExplorationEffect::Silence {
                return public("room_explored_slimed", vec![room_as(at, RoomForm::FaceDown), ("tile", tile(t)), ("items", num(*items))]);
            }
            public("room_explored", vec![room_as(at, RoomForm::FaceDown), ("tile", tile(t)), ("effect", effect), ("items", num(*items))])
        }
        Event::NoiseRolled { seat, face, at } => match seat {
            // p. 17: with Slime a Silence counts as Danger; the line says so, or the Noise placed
            // after a "Silence" reads as a mistake.
            // Issue 33: the room the roll is for, so its face ("2") reads as that room's corridor 2.
            Some(seat) if *face == NoiseFace::Silence && s.seats[*seat].slime => public("noise_rolled_slimed", vec![who(seat), room_as(at, RoomForm::In)]),
            Some(seat) => public("noise_rolled", vec![who(seat), room_as(at, RoomForm::In), ("face", named("noise", face))]),
            None => public("noise_rolled_table", vec![room_as(at, RoomForm::In), ("face", named("noise", face))]),
        },
        Event::NoisePlaced { spot } | Event::NoiseRemoved { spot } => {
            let placed = matches!(e, Event::NoisePlaced { .. });
            match spot {
                // Issue 33: the corridor by the number printed on it, as an Intruder's move names it.
                NoiseSpot::Corridor(x) => public(if placed { "noise_placed" } else { "noise_removed" }, [corridor_ends(c, *x), vec![("corridor", corridor_numbers(c, *x))]].concat()),
                NoiseSpot::Technical => public(if placed { "noise_placed_technical" } else { "noise_removed_technical" }, vec![]),
            }
        }
        Event::DoorChanged { corridor, state } => {
            let mut p = corridor_ends(c, *corridor);
            p.push(("state", named("door", state)));
            public("door_changed", p)
        }
        Event::FirePlaced { at } => public("fire_placed", vec![room_as(at, RoomForm::In)]),
        Event::FireRemoved { at } => public("fire_removed", vec![room_as(at, RoomForm::In)]),
        Event::MalfunctionPlaced { at } => public("malfunction_placed", vec![room_as(at, RoomForm::In)]),
        Event::MalfunctionRemoved { at } => public("malfunction_removed", vec![room(at)]),
        Event::ItemsSet { at, items } => public("items_set", vec![room_as(at, RoomForm::In), ("items", num(*items))]),
        Event::ItemsSearched { .. } | Event::AmmoSpent { .. } => hands::describe(s, e),
        Event::DiceRolled { noise, combat, .. } => public(
            "dice_rolled",
            vec![("faces", list(noise.iter().map(|f| named("noise", f)).chain(combat.iter().map(|f| named("combat", f)))))],
        ),
        Event::EncounterBegan { seat, at } => public("encounter", vec![who(seat), room(at)]),
        Event::TokenDrawn { token: t, purpose } => {
            let key = match purpose {
                DrawPurpose::Encounter => "token_drawn_encounter",
                DrawPurpose::Development => "token_drawn_development",
                DrawPurpose::Summoning => "token_drawn_summoning",
            };
            public(key, vec![("token", token(t))])
        }
        Event::BagWasEmpty { .. } => public("bag_empty", vec![]),
        Event::TokenReturned { token: t } => public("token_returned", vec![("token", token(t))]),
        Event::TokenToSupply { token: t } => public("token_to_supply", vec![("token", token(t))]),
        Event::TokenAddedToBag { token: t } => public("token_added", vec![("token", token(t))]),
        Event::IntruderPlaced { kind, at, .. } => public("intruder_placed", vec![("kind", named("intruder_kind", kind)), room_as(at, RoomForm::In)]),
        Event::IntruderMoved { id: i, to, from: None } => public("intruder_moved", vec![id(i), room_as(to, RoomForm::To)]),
        // Issue 19: which miniature, from which named room, through which numbered corridor.
        Event::IntruderMoved { id: i, to, from: Some(from) } => {
            let kind = s.intruder(*i).map_or(IntruderKind::Adult, |x| x.kind);
            let corridor = c.board.corridor_between(*from, *to).map(|x| corridor_numbers(c, x)).unwrap_or_else(|| list([]));
            public(
                "intruder_moved_from",
                vec![
                    ("kind", named("intruder_kind", &kind)),
                    id(i),
                    ("from", LogParam::room_as(from.0, RoomForm::From)),
                    ("corridor", corridor),
                    room_as(to, RoomForm::To),
                ],
            )
        }
        Event::IntruderLeftBoard { id: i } => public("intruder_left", vec![id(i)]),
        Event::IntruderKilled { id: i } => public("intruder_killed", vec![id(i)]),
        Event::IntruderInjured { id: i, injuries } => public("intruder_injured", vec![id(i), ("injuries", num(*injuries))]),
        Event::IntruderHealed { id: i, injuries } => public("intruder_healed", vec![id(i), ("injuries", num(*injuries))]),
        Event::IntruderTransformed { id: i, into } => public("intruder_transformed", vec![id(i), ("kind", named("intruder_kind", into))]),
        Event::CharacterInfested { seat, .. } => public("infested", vec![who(seat)]),
        // Attacks, the injury check and wounds: their own file.
        Event::SurpriseAttack { .. }
        | Event::NoSurpriseAttack { .. }
        | Event::AttackCardDrawn { .. }
        | Event::AttackCardsOffered { .. }
        | Event::AttackCardChosen { .. }
        | Event::CharacterAttacked { .. }
        | Event::EggsAttacked { .. }
        | Event::AttackMissed { .. }
        | Event::EnduranceChecked { .. }
        | Event::LightWoundsSet { .. }
        | Event::SeriousWoundDrawn { .. }
        | Event::SeriousWoundDressed { .. }
        | Event::SeriousWoundHealed { .. } => combat::describe(s, e, to),
        // Who counts as the first dead matters for the Intruder player (p. 27), not once the game is over.
        Event::FirstDeathSettled { .. } if s.is_over() => None,
        Event::FirstDeathSettled { seat } => public("first_death_settled", vec![who(seat)]),
        // The end's own line says how the ship was lost (burned, broke down, exploded): one cause.
        Event::CharacterDied { seat, cause: DeathCause::ShipExploded } => public("died_with_ship", vec![who(seat)]),
        // The Contamination check's own line says the death with its reason: one line per fact.
        Event::CharacterDied { cause: DeathCause::Contamination, .. } => None,
        // The victory check's other deaths take the hibernating, whose miniature left the board.
        Event::CharacterDied { seat, cause: cause @ (DeathCause::WrongDestination | DeathCause::EnginesFailed) } => {
            public("died_hibernating", vec![who(seat), ("cause", named("death", cause))])
        }
        Event::CharacterDied { seat, cause } => public("character_died", vec![who(seat), ("cause", named("death", cause))]),
        Event::CharacterRevived { seat, at } => public("character_revived", vec![who(seat), room_as(at, RoomForm::In)]),
        Event::IntruderPlayerJoined { seat } => public("intruder_player_joined", vec![who(seat)]),
        Event::SlimeSet { seat, on } => public(if *on { "slime_on" } else { "slime_off" }, vec![who(seat)]),
        Event::SignalSent { seat } => public("signal", vec![who(seat)]),
        Event::LarvaSet { seat, on } => public(if *on { "larva_on" } else { "larva_off" }, vec![who(seat)]),
        // A seat's look at a secret the app holds (Contamination, Engines, Coordinates): their own file.
        Event::ContaminationGiven { .. }
        | Event::ContaminationScanned { .. }
        | Event::ContaminationPicked { .. }
        | Event::ContaminationRemoved { .. }
        | Event::ContaminationDeckEmpty { .. }
        | Event::EngineChecked { .. }
        | Event::EngineRepairBegun { .. }
        | Event::EngineOrderSet { .. }
        | Event::EngineOrderReported { .. }
        | Event::CoordinatesChecked { .. } => secrets::describe(s, e, to),
        Event::DestinationSet { letter } => public("destination_set", vec![("letter", named("destination_letter", letter))]),
        Event::SelfDestructStarted => public("self_destruct_started", vec![]),
        Event::SelfDestructStopped => public("self_destruct_stopped", vec![]),
        // A marker moved more than one space (no one left awake aboard, p. 11) says from where.
        Event::SelfDestructAdvanced { to, from: Some(from) } if *to > from.saturating_add(1) => {
            public("self_destruct_advanced_far", vec![("from", num(*from)), ("to", num(*to)), ("spaces", num(*to - from))])
        }
        Event::SelfDestructAdvanced { to, .. } => public("self_destruct_advanced", vec![("to", num(*to))]),
        Event::SelfDestructCritical => public("self_destruct_critical", vec![]),
        Event::TimeAdvanced { to, from: Some(from) } if *to > from.saturating_add(1) => {
            public("time_advanced_far", vec![("from", num(*from)), ("to", num(*to)), ("spaces", num(*to - from))])
        }
        Event::TimeAdvanced { to, .. } => public("time_advanced", vec![("to", num(*to))]),
        Event::HibernationOpened => public("hibernation_opened", vec![]),
        Event::PodLockSet { pod, locked } => public(if *locked { "pod_locked" } else { "pod_unlocked" }, vec![("pod", num(pod.0))]),
        Event::PodsUnlocked { reason } => public("pods_unlocked", vec![("reason", named("unlock", reason))]),
        Event::CharacterEnteredPod { seat, pod } => public("entered_pod", vec![who(seat), ("pod", num(pod.0))]),
        Event::PodEntryFailed { seat, pod } => public("pod_entry_failed", vec![who(seat), ("pod", num(pod.0))]),
        Event::CharacterLeftPod { seat } => public("left_pod", vec![who(seat)]),
        Event::PodLaunched { pod } => public("pod_launched", vec![("pod", num(pod.0))]),
        Event::PodEjected { pod } => public("pod_ejected", vec![("pod", num(pod.0))]),
        Event::CharacterHibernated { seat } => public("hibernated", vec![who(seat)]),
        Event::HibernationFailed { seat } => public("hibernation_failed", vec![who(seat)]),
        Event::FirstEncounter => public("first_encounter", vec![]),
        Event::ObjectiveChosen { seat, objective: o } => {
            if mine(seat) {
                match o {
                    Some(o) => private("objective_chosen_private", vec![("card", objective(o))]),
                    None => private("objective_chosen_table_private", vec![]),
                }
            } else {
                public("objective_chosen", vec![who(seat)])
            }
        }
        Event::ObjectiveSeen { seat, of, objective: o } => {
            if mine(seat) {
                private("objective_seen_private", vec![("player", player(s, *of)), ("card", objective(o))])
            } else {
                public("objective_seen", vec![who(seat), ("other", player(s, *of))])
            }
        }
        Event::EggTaken { seat } => public("egg_taken", vec![who(seat)]),
        // Said before its Fire goes and its Intruders run (p. 24): the line says only what the
        // procedure finds there, since it may be used on a room without Fire, or with no Intruder.
        Event::FireControlUsed { seat, at } => {
            let key = match (s.room(*at).fire, s.intruders_at(*at).next().is_some()) {
                (true, true) => "fire_control",
                (true, false) => "fire_control_fire_only",
                (false, _) => "fire_control_no_fire",
            };
            public(key, vec![who(seat), room(at)])
        }
        // The answer is the scan's own lines; the question is said once.
        Event::HandScanDue { seat, due: true } => public("hand_scan_asked", vec![who(seat)]),
        Event::HandScanDue { due: false, .. } | Event::ScanAnswered { .. } => None,
        Event::ScanAsked { seat, question } => public(match question { ScanQuestion::Alcohol => "alcohol_scan_asked", ScanQuestion::Antidote => "antidote_scan_asked", _ => "hand_scan_asked" }, vec![who(seat)]),
        Event::TableDoes { seat, task } => match task {
            TableTask::RechargeEnergyWeapon => public("weapon_recharged", vec![who(seat)]),
            TableTask::DrawFromStorage { deck } => public("storage_draw", vec![who(seat), ("deck", named("item_deck", deck))]),
            // The card is shown to everyone when it is used (p. 22), so its name is public.
            TableTask::ShowCard { card } => {
                let key = match card {
                    _ if crate::rules::is_action_card(*card) => "card_played",
                    _ if crate::rules::one_use(*card) => "item_used",
                    _ => "item_kept",
                };
                public(key, vec![who(seat), ("card", named("played_card", card))])
            }
            TableTask::FillEnergyWeapon => public("weapon_filled", vec![who(seat)]),
            TableTask::DiscardItem => public("item_discarded_for_fire", vec![who(seat)]),
            TableTask::Scavenge => public("scavenged", vec![who(seat)]),
            TableTask::EveryoneDraws => public("everyone_draws", vec![who(seat)]),
            TableTask::TapeHeavyItems => public("heavy_items_taped", vec![who(seat)]),
            TableTask::ShuffleContaminationIn => public("contamination_shuffled_in", vec![who(seat)]),
            TableTask::DrawTwoActionCards => public("two_action_cards_drawn", vec![who(seat)]),
            TableTask::PeekAtRoom { at } => public("room_peeked_at_table", vec![who(seat), room(at)]),
            TableTask::DiscardWholeHand => public("whole_hand_discarded", vec![who(seat)]),
            TableTask::CraftItem { item } => public("item_crafted", vec![who(seat), ("item", named("crafted_item", item))]),
        },
        Event::AirlockStarted { seat, at } => public("airlock_started", vec![who(seat), room(at)]),
        Event::AirlockEnded { at, vented } => public(if *vented { "airlock_vented" } else { "airlock_cancelled" }, vec![room(at)]),
        Event::ObjectLeft { object, at, of } => match of {
            Some(seat) if *object == ResearchObject::CharacterCorpse => public("corpse_left", vec![who(seat), room_as(at, RoomForm::In)]),
            _ => public("object_left", vec![room_as(at, RoomForm::In), ("object", named("research_object", object))]),
        },
        Event::ObjectPickedUp { seat, object, .. } => public("object_picked_up", vec![who(seat), ("object", named("research_object", object))]),
        Event::ObjectDropped { seat, object, dying, .. } => {
            public(if *dying { "object_dropped_dying" } else { "object_dropped" }, vec![who(seat), ("object", named("research_object", object))])
        }
        Event::EggsDropped { seat, count, dying, .. } => public(if *dying { "eggs_dropped_dying" } else { "eggs_dropped" }, vec![who(seat), ("count", num(*count))]),
        Event::NestEggsDestroyed { count } => public("nest_eggs_destroyed", vec![("count", num(*count))]),
        Event::RoomEggsDestroyed { at, count } => public("room_eggs_destroyed", vec![room(at), ("count", num(*count))]),
        Event::EggAdded => public("egg_added", vec![]),
        Event::NestDestroyed => public("nest_destroyed", vec![]),
        Event::WeaknessRevealed { card: x, .. } => {
            let x = &d.weaknesses[x.0 as usize];
            public("weakness", vec![("card", card("weakness", &x.key, &x.name))])
        }
        Event::RoomPeeked { seat, at, tile: t, token: x } => {
            if mine(seat) {
                let (effect, items) = exploration(x);
                private("room_peeked_private", vec![room_as(at, RoomForm::FaceDown), ("tile", tile(t)), ("effect", effect), ("items", items)])
            } else {
                public("room_peeked", vec![who(seat), room_as(at, RoomForm::FaceDown)])
            }
        }
        Event::EventCardDrawn { card: x, purpose } => {
            let corridor = d.events[x.0 as usize].corridor;
            // A card drawn only for a Retreat's corridor (p. 20) has its own hand line: only the
            // fleeing Intruder moves, and the card is discarded unresolved.
            let key = if *purpose == EventDraw::Retreat { "event_card_retreat" } else { "event_card" };
            public(key, vec![("card", event_card(x)), ("corridor", num(corridor))])
        }
        Event::EventCardResolved { card: x } => public("event_resolved", vec![("card", event_card(x))]),
        Event::EventCardDiscarded { card: x } => public("event_discarded", vec![("card", event_card(x))]),
        Event::EclosionDraw { seat, holds: 0 } => public("eclosion_draw_none", vec![who(seat)]),
        Event::EclosionDraw { seat, holds } => {
            if mine(seat) {
                // Addressed to the player, but no secret: how many Contamination cards they own is public.
                public("eclosion_draw_yours", vec![("count", num(*holds))])
            } else {
                public("eclosion_draw", vec![who(seat)])
            }
        }
        Event::EventCardIdle { card: x } => public("event_idle", vec![("card", event_card(x))]),
        Event::EventStepIdle { step: EventStep::IntruderAttack } => public("no_intruder_attacks", vec![]),
        Event::EventStepIdle { step: EventStep::FireDamage } => public("no_fire_damage", vec![]),
        Event::EventStepIdle { .. } => None,
        Event::TechnicalNoiseRolls { seats } if seats.is_empty() => public("technical_noise_nobody", vec![]),
        Event::TechnicalNoiseRolls { seats } => public("technical_noise_rolls", vec![("players", list(seats.iter().map(|x| player(s, *x))))]),
        // The end of the game and the victory check: their own file, one story told once.
        Event::GameEnded { .. }
        | Event::ShipDestroyed
        | Event::VictoryStepReached { .. }
        | Event::EnginesRevealed { .. }
        | Event::CoordinatesRevealed { .. }
        | Event::ContaminationChecked { .. }
        | Event::ObjectiveRevealed { .. }
        | Event::ObjectiveJudged { .. } => ending::describe(s, e),
    }
}

/// The whole log for one audience, newest last. Undone and corrected entries stay, marked.
/// A step a seat's own phone sent says so, to every audience, before its lines (issue 32).
pub fn on_phone(s: &State, entry: &Entry) -> Option<Said> {
    let (Actor::Seat(seat), EntryKind::Normal) = (entry.actor, &entry.kind) else { return None };
    Some(Said { key: "on_phone", params: [("player".to_string(), player(s, seat))].into(), private: false })
}

pub fn log(entries: &[Entry], to: Audience) -> Vec<LogLine> {
    let line = |seq: u32, said: Said| {
        let text = said.text();
        LogLine { seq, key: said.key.to_string(), params: said.params, text, private: said.private }
    };
    let mut out = Vec::new();
    let mut state: Option<State> = None;
    for entry in entries {
        match entry.kind {
            EntryKind::Undo(of) => out.push(line(entry.seq, Said { key: "undone", params: [("step".to_string(), num(of as i32))].into(), private: false })),
            EntryKind::Correction(of) => out.push(line(entry.seq, Said { key: "correction", params: [("step".to_string(), num(of as i32))].into(), private: false })),
            EntryKind::Normal => {}
        }
        out.extend(state.as_ref().and_then(|s| on_phone(s, entry)).map(|said| line(entry.seq, said)));
        for e in &entry.events {
            if state.is_none() {
                state = State::replay(std::iter::once(e));
            } else if let Some(s) = state.as_mut() {
                s.fold(e);
            }
            if let Some(s) = state.as_ref() {
                if let Some(said) = describe(s, e, to) {
                    out.push(line(entry.seq, said));
                }
            }
        }
    }
    out
}
