//! Draws: the dice, the Event, Intruder Attack and Serious Wound decks, and the Intruder bag. Each
//! takes the result entered from a physical component when there is one, and otherwise draws from
//! the generator only if the app holds that component (a result entered for a component the app
//! holds never gets here: `apply` refuses it first).

use super::ctx::Ctx;
use crate::command::Entered;
use crate::content::{Blood, Content};
use crate::event::{DrawPurpose, Event, WoundCause};
use crate::ids::*;
use crate::words::LogParam;
use crate::rejection::{refuse, refuse_with, Code, Outcome, Rejection};
use crate::state::*;

/// One of the decks the rules draw from, as the one generic draw sees it.
struct DeckDraw<C: 'static> {
    kind: DeckKind,
    component: Component,
    cards: fn(&State) -> &Deck<C>,
}

const EVENT_DECK: DeckDraw<EventCardId> = DeckDraw {
    kind: DeckKind::Event,
    component: Component::EventDeck,
    cards: |s| &s.events,
};

const ATTACK_DECK: DeckDraw<AttackCardId> = DeckDraw {
    kind: DeckKind::Attack,
    component: Component::AttackDeck,
    cards: |s| &s.attacks,
};

const SERIOUS_WOUND_DECK: DeckDraw<WoundCardId> = DeckDraw {
    kind: DeckKind::SeriousWound,
    component: Component::SeriousWoundDeck,
    cards: |s| &s.wounds,
};

impl Ctx<'_> {
    /// The one roll of a die: the face entered at the table, or a roll if the app holds the dice;
    /// else `asked`, the table asked for the face (its `need` names the roll in words of its own).
    fn roll<F: Copy>(&mut self, entered: impl Fn(&Entered) -> Option<F>, faces: fn(&Content) -> &[F], asked: impl Fn(&Self) -> Outcome<F>) -> Outcome<F> {
        if let Some(face) = self.take(entered) {
            return Ok(face);
        }
        if !self.handles(Component::Dice) {
            return asked(self);
        }
        let faces = faces(self.content);
        Ok(faces[self.fate.index(faces.len())])
    }

    pub fn roll_noise(&mut self) -> Outcome<NoiseFace> {
        let entered = |e: &Entered| if let Entered::Noise { face } = e { Some(*face) } else { None };
        self.roll(entered, |c| &c.data.noise_die, |ctx| ctx.need(Component::Dice, "noise_roll", "Noise roll"))
    }

    pub fn roll_combat(&mut self) -> Outcome<CombatFace> {
        let entered = |e: &Entered| if let Entered::Combat { face } = e { Some(*face) } else { None };
        self.roll(entered, |c| &c.data.combat_die, |ctx| ctx.need(Component::Dice, "combat_roll", "Combat roll"))
    }

    /// Shuffles a pile into a new order, recorded in the event so replay never shuffles.
    pub fn shuffled(&mut self, mut cards: Vec<u8>) -> Vec<u8> {
        self.fate.shuffle(&mut cards);
        cards
    }

    /// The one draw from a deck: the discard pile is shuffled in first when the deck is empty
    /// (pp. 10, 20; `exhausted` when both are empty); then the card entered at the table (the
    /// top-most one that `matches` it, else `missing`), or the top card if the app holds the deck;
    /// `None` when the table must enter the card.
    fn draw_card<C: Copy + Into<u8>, K>(
        &mut self,
        deck: &DeckDraw<C>,
        entered: Option<K>,
        matches: impl Fn(&Content, C, &K) -> bool,
        missing: impl FnOnce(&K) -> Rejection,
        exhausted: impl FnOnce() -> Rejection,
    ) -> Outcome<Option<C>> {
        if (deck.cards)(&self.state).draw.is_empty() {
            let order = self.shuffled((deck.cards)(&self.state).discard.iter().map(|c| (*c).into()).collect());
            if order.is_empty() {
                return Err(exhausted());
            }
            self.emit(Event::DeckReshuffled { deck: deck.kind, order });
        }
        let draw = &(deck.cards)(&self.state).draw;
        match entered {
            Some(k) => draw.iter().rev().copied().find(|c| matches(self.content, *c, &k)).map(Some).ok_or_else(|| missing(&k)),
            None if self.handles(deck.component) => Ok(Some(*draw.last().expect("reshuffled above"))),
            None => Ok(None),
        }
    }

    /// Draws an Intruder Attack card (p. 20): the top card, or the card entered from the table.
    pub fn draw_attack(&mut self, purpose: crate::event::AttackDraw) -> Outcome<AttackCardId> {
        let entered = self.take(|e| match e {
            Entered::AttackCard { key, blood } => Some((key.clone(), *blood)),
            _ => None,
        });
        let card = self.draw_card(
            &ATTACK_DECK,
            entered,
            |c, id, (key, blood)| {
                let a = c.attack(id);
                a.key == *key && blood.is_none_or(|b| b == a.blood)
            },
            |(key, _)| Rejection::with(Code::BadResult, "no_key_card_of_that_value_is_left", "No '{key}' card of that value is left in the Intruder Attack deck.", vec![("key", LogParam::text(key.clone()))]),
            || Rejection::new(Code::Empty, "no_intruder_attack_card_is_left_in_the", "No Intruder Attack card is left in the deck or its discard pile."),
        )?;
        let Some(card) = card else { return self.need(Component::AttackDeck, "intruder_attack_card", "Intruder Attack card") };
        self.emit(Event::AttackCardDrawn { card, purpose });
        Ok(card)
    }

    pub fn blood(&self, card: AttackCardId) -> Blood {
        self.content.attack(card).blood
    }

    /// Draws an Event card (p. 10): the top card, or the card entered from the table.
    pub fn draw_event(&mut self, purpose: crate::event::EventDraw) -> Outcome<EventCardId> {
        let entered = self.take(|e| match e {
            Entered::EventCard { key } => Some(key.clone()),
            _ => None,
        });
        let card = self.draw_card(
            &EVENT_DECK,
            entered,
            |c, id, key| c.event(id).key == *key,
            |key| Rejection::with(Code::BadResult, "the_event_card_key_is_not_in_the", "The Event card '{key}' is not in the Event deck.", vec![("key", LogParam::text(key.clone()))]),
            || Rejection::new(Code::Empty, "no_event_card_is_left_in_the_deck", "No Event card is left in the deck or its discard pile."),
        )?;
        let Some(card) = card else { return self.need(Component::EventDeck, "event_card", "Event card") };
        self.emit(Event::EventCardDrawn { card, purpose });
        Ok(card)
    }

    /// Draws a Serious Wound card for a character (p. 21): the top card, or the one entered.
    pub fn draw_wound(&mut self, seat: Seat, cause: Option<WoundCause>) -> Outcome<()> {
        let entered = self.take(|e| match e {
            Entered::SeriousWound { key } => Some(key.clone()),
            _ => None,
        });
        let card = self.draw_card(
            &SERIOUS_WOUND_DECK,
            entered,
            |c, id, key| c.data.serious_wounds.get(id.0 as usize).is_some_and(|w| w.key == *key),
            |key| Rejection::with(Code::BadResult, "no_key_card_is_left_in_the_serious", "No '{key}' card is left in the Serious Wound deck.", vec![("key", LogParam::text(key.clone()))]),
            || Rejection::new(Code::Empty, "no_serious_wound_card_is_left", "No Serious Wound card is left."),
        )?;
        let Some(card) = card else { return self.need(Component::SeriousWoundDeck, "serious_wound_card", "Serious Wound card") };
        self.emit(Event::SeriousWoundDrawn { seat, card, cause });
        Ok(())
    }
}

/// Draws a token from the bag (or takes the one entered from the physical bag).
pub(super) fn draw_token(ctx: &mut Ctx, purpose: DrawPurpose) -> Outcome<Option<(TokenId, Option<u8>)>> {
    let bag = ctx.state.bag();
    let entered = ctx.take(|e| match e {
        Entered::Token { token, back } => Some((*token, *back)),
        _ => None,
    });
    if bag.is_empty() {
        if entered.is_some() {
            return refuse(Code::BadResult, "the_bag_is_empty_no_token_can_have", "The bag is empty: no token can have been drawn.");
        }
        ctx.emit(Event::BagWasEmpty { purpose });
        return Ok(None);
    }
    let (token, back) = match entered {
        Some((kind, back)) => {
            let of_kind: Vec<TokenId> = bag.iter().copied().filter(|t| ctx.content.token(*t).kind == kind).collect();
            let exact = of_kind.iter().copied().find(|t| back.is_none() || ctx.content.token(*t).back == back);
            // Only a physical bag gets here (`apply` refuses a token entered for the app's bag,
            // whatever it names): its tokens are interchangeable to the app, but the back read at
            // the table counts.
            match exact.or_else(|| of_kind.first().copied()) {
                Some(t) => (t, back.or(ctx.content.token(t).back)),
                None => return refuse_with(Code::BadResult, "no_token_token_with_that_number_is_in", "No {token} token with that number is in the bag.", vec![("token", LogParam::of("token", &kind, kind.name()))]),
            }
        }
        None if ctx.handles(Component::IntruderBag) => {
            let t = bag[ctx.fate.index(bag.len())];
            (t, ctx.content.token(t).back)
        }
        None => return ctx.need(Component::IntruderBag, "token_drawn_from_the_bag", "token drawn from the bag"),
    };
    ctx.emit(Event::TokenDrawn { token, purpose });
    Ok(Some((token, back)))
}

/// Adds a token of a kind from the supply to the bag; nothing happens when none is left (p. 10).
pub(super) fn add_from_supply(ctx: &mut Ctx, kind: TokenKind) {
    let supply: Vec<TokenId> =
        ctx.state.tokens_in(TokenPlace::Supply).into_iter().filter(|t| ctx.content.token(*t).kind == kind).collect();
    if supply.is_empty() {
        return;
    }
    let t = supply[ctx.fate.index(supply.len())];
    ctx.emit(Event::TokenAddedToBag { token: t });
}

/// Dice of each kind in the box: a roll of the table's own is of 1 or 2 dice.
pub const DICE_OF_EACH_KIND: u8 = 2;

pub(super) fn roll_dice(ctx: &mut Ctx, die: Die, count: u8) -> Outcome<()> {
    if !(1..=DICE_OF_EACH_KIND).contains(&count) {
        return refuse(Code::NotAllowed, "the_box_has_two_dice_of_each_kind", "The box has two dice of each kind: roll 1 or 2.");
    }
    let (mut noise, mut combat) = (Vec::new(), Vec::new());
    for _ in 0..count {
        match die {
            Die::Noise => noise.push(ctx.roll_noise()?),
            Die::Combat => combat.push(ctx.roll_combat()?),
        }
    }
    ctx.emit(Event::DiceRolled { die, noise, combat });
    Ok(())
}
