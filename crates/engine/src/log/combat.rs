//! The log's lines for attacks and wounds: a Surprise Attack, the Intruder player's
//! choice of attack card (its cards seen only by that seat), a character's Shoot or Melee, the
//! injury check that reads an attack card's blood, and the wounds a character takes or dresses.

use super::{card, list, named, num, player, private, public, Audience, Said};
use crate::content::Blood;
use crate::event::{AttackDraw, Event, WoundCause};
use crate::ids::*;
use crate::state::State;

pub(super) fn describe(s: &State, e: &Event, to: Audience) -> Option<Said> {
    let d = &s.content().data;
    let mine = |seat: &Seat| to == Audience::Seat(*seat);
    let who = |seat: &Seat| ("player", player(s, *seat));
    let id = |i: &IntruderId| ("id", num(i.0));
    let attack_card = |x: &AttackCardId| {
        let x = &d.attacks[x.0 as usize];
        card("attack", &x.key, &x.name)
    };
    match e {
        Event::SurpriseAttack { seat, back, hand, .. } => public("surprise_attack", vec![who(seat), ("back", num(*back)), ("hand", num(*hand))]),
        Event::NoSurpriseAttack { seat, back, hand, .. } => public("no_surprise_attack", vec![who(seat), ("back", num(*back)), ("hand", num(*hand))]),
        // The injury check (p. 20) reads only the card's blood: its attack names nobody, so the
        // line gives the blood and not the card (whose text would tell the table to wound someone).
        Event::AttackCardDrawn { card: x, purpose: AttackDraw::Endurance { intruder } } => {
            let kind = s.intruder(*intruder).map_or(IntruderKind::Adult, |i| i.kind);
            let params = vec![("kind", named("intruder_kind", &kind)), id(intruder)];
            match d.attacks[x.0 as usize].blood {
                Blood::Endurance(n) => public("injury_card", [params, vec![("blood", num(n))]].concat()),
                Blood::Retreat(_) => public("injury_card_retreat", params),
            }
        }
        // An attack's card names who attacks whom (p. 20): a step may hold several attacks.
        Event::AttackCardDrawn { card: x, purpose: AttackDraw::Attack { intruder, target } } => {
            let kind = s.intruder(*intruder).map_or(IntruderKind::Adult, |i| i.kind);
            let x = &d.attacks[x.0 as usize];
            public("attack_card", vec![("kind", named("intruder_kind", &kind)), id(intruder), who(target), ("card", card("attack", &x.key, &x.name))])
        }
        Event::AttackCardsOffered { seat, intruder, target, cards } => {
            let ids = vec![("id", num(intruder.0 as i32)), ("target", who(target).1)];
            if mine(seat) {
                let shown = cards.iter().map(|x| attack_card(x));
                private("attack_cards_offered_private", [ids, vec![("cards", list(shown))]].concat())
            } else {
                public("attack_cards_offered", [vec![who(seat), ("count", num(cards.len() as i32))], ids].concat())
            }
        }
        Event::AttackCardChosen { seat, card: x, rest } => {
            if mine(seat) {
                private("attack_card_chosen_private", vec![("card", attack_card(x)), ("rest", list(rest.iter().map(|r| attack_card(r))))])
            } else {
                public("attack_card_chosen", vec![who(seat), ("card", attack_card(x)), ("count", num(rest.len() as i32))])
            }
        }
        Event::CharacterAttacked { seat, id, melee, face, injuries } => {
            // A symbol face that misses says why (p. 18): the symbol hits only the smaller kinds.
            let key = match (*melee, *injuries > 0, face) {
                (false, true, _) => "shot_hit",
                (false, false, CombatFace::SmallHit) => "shot_missed_small",
                (false, false, CombatFace::AdultHit) => "shot_missed_adult",
                (false, false, _) => "shot_missed",
                (true, true, _) => "melee_hit",
                (true, false, CombatFace::SmallHit) => "melee_missed_small",
                (true, false, CombatFace::AdultHit) => "melee_missed_adult",
                (true, false, _) => "melee_missed",
            };
            let mut params = vec![who(seat), ("id", num(id.0 as i32))];
            // The symbol lines name their face in words of their own.
            if !key.ends_with("_small") && !key.ends_with("_adult") {
                params.push(("face", named("combat", face)));
            }
            if *injuries > 0 {
                params.push(("injuries", num(*injuries as i32)));
            }
            public(key, params)
        }
        // An attempt on Eggs (p. 25): the faces that hit only named kinds miss an Egg.
        Event::EggsAttacked { seat, melee, face, injuries } => {
            let key = match (*melee, *injuries > 0) {
                (false, true) => "eggs_shot",
                (false, false) => "eggs_shot_missed",
                (true, true) => "eggs_struck",
                (true, false) => "eggs_struck_missed",
            };
            let mut params = vec![who(seat), ("face", named("combat", face))];
            if *injuries > 0 {
                params.push(("count", num(*injuries as i32)));
            }
            public(key, params)
        }
        Event::AttackMissed { target, .. } => public("attack_missed", vec![who(target)]),
        // One name, the manual's: the injury check (p. 20). A Breeder or the Queen draws two
        // cards and adds their blood, and the line says so; a Larva draws none.
        Event::EnduranceChecked { id: i, injuries, endurance, retreat, killed } => {
            let kind = s.intruder(*i).map_or(IntruderKind::Adult, |x| x.kind);
            let two = matches!(kind, IntruderKind::Breeder | IntruderKind::Queen);
            let key = match (kind, *killed, *retreat, two) {
                (IntruderKind::Larva, ..) => "endurance_larva",
                (_, true, _, false) => "endurance_dies",
                (_, true, _, true) => "endurance_dies_two",
                (_, false, true, false) => "endurance_retreats",
                (_, false, true, true) => "endurance_retreats_two",
                (_, false, false, false) => "endurance_survives",
                (_, false, false, true) => "endurance_survives_two",
            };
            let mut params = vec![("kind", named("intruder_kind", &kind)), id(i)];
            if !matches!(key, "endurance_larva" | "endurance_retreats" | "endurance_retreats_two") {
                params.extend([("injuries", num(*injuries)), ("blood", num(*endurance))]);
            }
            public(key, params)
        }
        // A wound the lines before it do not explain names what dealt it (the end of a round).
        Event::LightWoundsSet { seat, light, cause } => {
            let key = match cause {
                None => "light_wounds",
                Some(WoundCause::Fire) => "light_wounds_fire",
                Some(WoundCause::Bleeding) => "light_wounds_bleeding",
            };
            public(key, vec![who(seat), ("light", num(*light))])
        }
        Event::SeriousWoundDrawn { seat, card: x, cause } => {
            let x = &d.serious_wounds[x.0 as usize];
            let key = match cause {
                None => "serious_wound",
                Some(WoundCause::Fire) => "serious_wound_fire",
                Some(WoundCause::Bleeding) => "serious_wound_bleeding",
            };
            public(key, vec![who(seat), ("card", card("wound", &x.key, &x.name))])
        }
        Event::SeriousWoundDressed { seat, .. } => public("wound_dressed", vec![who(seat)]),
        Event::SeriousWoundHealed { seat, .. } => public("wound_healed", vec![who(seat)]),
        _ => None,
    }
}
