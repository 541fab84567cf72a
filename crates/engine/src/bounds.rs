//! Bounds: checks that every id an event names exists in the box or at the table, so a journal
//! that came from outside the engine (an imported file) can be folded, viewed and logged without
//! reading past the end of a list. Events the engine produced always pass; `fold` trusts them.
//!
//! Which ids an event names is not written out per event: the walk is derived from the events'
//! own `Serialize`, which hands every id newtype (`Seat`, `Location`, `EventCardId`, …) to
//! `IdWalk` by its type name, and each id type says by the `Bounded` trait which list it indexes.
//! A new event or field is therefore checked without anyone remembering to add it here.

use crate::content::Content;
use crate::event::Event;
use crate::ids::*;
use crate::state::DeckKind;
use serde::ser::{self, Serialize};

/// Why a journal cannot be trusted: what it names that the box or the table does not have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutOfBounds {
    /// An id past the end of its list (`what` is the list in words, as the reason shows it).
    Id { what: &'static str, value: u16 },
    /// A track space past the track's end.
    TrackSpace { to: u8 },
    /// A deck order longer than the deck.
    DeckSize { holds: usize, cards: usize },
    /// The journal's first event is not the setup, or the setup itself is impossible.
    Setup(&'static str),
    /// A setup's player count outside the box's range.
    Players(usize),
    /// A second setup in the middle of a game.
    SecondSetup,
    /// More Escape Pods than the box holds.
    TooManyPods,
    /// A contamination deck of the wrong size.
    ContaminationDeck,
    /// An empty journal.
    NoEvents,
}

impl std::fmt::Display for OutOfBounds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OutOfBounds::Id { what: "room", value } => write!(f, "room {value} is not on the board"),
            OutOfBounds::Id { what: what @ ("engine" | "escape pod" | "player number"), value } => write!(f, "{what} {value}"),
            OutOfBounds::Id { what, value } => write!(f, "{what} {value} is not in the box"),
            OutOfBounds::TrackSpace { to } => write!(f, "track space {to}"),
            OutOfBounds::DeckSize { holds, cards } => write!(f, "a deck of {holds} cards holds {cards}"),
            OutOfBounds::Setup(why) => f.write_str(why),
            OutOfBounds::Players(n) => write!(f, "a game of {n} players"),
            OutOfBounds::SecondSetup => f.write_str("a second setup in the middle of a game"),
            OutOfBounds::TooManyPods => f.write_str("more escape pods than the box holds"),
            OutOfBounds::ContaminationDeck => f.write_str("the contamination deck has the wrong number of cards"),
            OutOfBounds::NoEvents => f.write_str("the game has no events"),
        }
    }
}

impl std::error::Error for OutOfBounds {}

/// What one journal may name: the box's sizes and the number of seats at this table.
pub struct Bounds<'a> {
    c: &'a Content,
    seats: usize,
}

/// An id type that points into one list of the box or the table.
pub trait Bounded {
    /// The list, in words ("seat", "event card", …), as a refusal names it.
    const WHAT: &'static str;
    /// The values this id may take in a game of this box at this table.
    fn allowed(b: &Bounds) -> std::ops::Range<usize>;
}

macro_rules! bounded {
    ($($t:ident: $what:literal => |$b:ident| $range:expr;)*) => {
        $(impl Bounded for $t {
            const WHAT: &'static str = $what;
            fn allowed($b: &Bounds) -> std::ops::Range<usize> { $range }
        })*
        /// Each bounded id type by the name its `Serialize` gives it.
        const BY_TYPE_NAME: &[(&str, &str, fn(&Bounds) -> std::ops::Range<usize>)] =
            &[$((stringify!($t), <$t as Bounded>::WHAT, <$t as Bounded>::allowed)),*];
    };
}

/// 0-based ids index their list; rooms, engines, pods and player numbers count from 1.
fn below(len: usize) -> std::ops::Range<usize> {
    0..len
}

fn from_one(count: usize) -> std::ops::Range<usize> {
    1..count + 1
}

bounded! {
    Seat: "seat" => |b| below(b.seats);
    PlayerNumber: "player number" => |b| from_one(b.seats);
    Location: "room" => |b| from_one(b.c.data.locations.len());
    CorridorId: "corridor" => |b| below(b.c.board.corridors.len());
    TokenId: "intruder token" => |b| below(b.c.data.intruder_tokens.len());
    EventCardId: "event card" => |b| below(b.c.data.events.len());
    AttackCardId: "attack card" => |b| below(b.c.data.attacks.len());
    WoundCardId: "serious wound" => |b| below(b.c.data.serious_wounds.len());
    ContaminationId: "contamination card" => |b| below(b.c.data.contamination.total as usize);
    CoordinatesId: "coordinates card" => |b| below(b.c.data.coordinates.len());
    ExplorationId: "exploration token" => |b| below(b.c.data.exploration_tokens.len());
    RoomTileId: "room tile" => |b| below(b.c.data.room_tiles.len());
    WeaknessId: "weakness card" => |b| below(b.c.data.weaknesses.len());
    ObjectiveId: "objective card" => |b| below(b.c.data.objectives.len());
    CharacterId: "character" => |b| below(b.c.data.characters.len());
    EngineNumber: "engine" => |_b| from_one(3);
    PodNumber: "escape pod" => |b| from_one(b.c.data.escape_pods.count as usize);
}

impl<'a> Bounds<'a> {
    /// The bounds set by a journal's first event, which must be the setup. The setup itself is
    /// checked here: its player count, its seats and its contamination count.
    pub fn from_setup(c: &'a Content, first: &Event) -> Result<Bounds<'a>, OutOfBounds> {
        let Event::GameSetUp { config, seats, first_player } = first else {
            return Err(OutOfBounds::Setup("the game does not begin with its setup"));
        };
        if seats.is_empty() || seats.len() > c.data.escape_pods.by_players.len() {
            return Err(OutOfBounds::Players(seats.len()));
        }
        if config.players as usize != seats.len() {
            return Err(OutOfBounds::Setup("the player count does not match the seats"));
        }
        if config.infected_cards > c.data.contamination.total {
            return Err(OutOfBounds::Setup("more INFECTED cards than contamination cards"));
        }
        let b = Bounds { c, seats: seats.len() };
        b.seat(*first_player)?;
        for s in seats {
            b.id(s.number)?;
        }
        Ok(b)
    }

    /// One id of any bounded kind.
    pub fn id<T: Bounded + Serialize>(&self, id: T) -> Result<(), OutOfBounds> {
        let mut walk = IdWalk { bounds: self, found: Ok(()), unclaimed: Vec::new() };
        let _ = id.serialize(&mut walk);
        walk.found
    }

    pub fn seat(&self, s: Seat) -> Result<(), OutOfBounds> {
        self.id(s)
    }

    fn within(&self, what: &'static str, allowed: std::ops::Range<usize>, value: u16) -> Result<(), OutOfBounds> {
        if allowed.contains(&usize::from(value)) {
            Ok(())
        } else {
            Err(OutOfBounds::Id { what, value })
        }
    }

    /// Checks one event of the journal (the setup is checked by `from_setup`): the few facts that
    /// are not ids first, then every id the event names.
    pub fn check(&self, e: &Event) -> Result<(), OutOfBounds> {
        let d = &self.c.data;
        match e {
            Event::GameSetUp { .. } => return Err(OutOfBounds::SecondSetup),
            Event::EscapePodsPlaced { pods } if pods.len() > d.escape_pods.count as usize => return Err(OutOfBounds::TooManyPods),
            Event::DeckShuffled { deck, order } | Event::DeckReshuffled { deck, order } => self.deck_order(*deck, order)?,
            Event::ContaminationPrepared { infected } if infected.len() != d.contamination.total as usize => {
                return Err(OutOfBounds::ContaminationDeck)
            }
            Event::SelfDestructAdvanced { to, .. } if *to > d.self_destruct_track.moves => return Err(OutOfBounds::TrackSpace { to: *to }),
            Event::TimeAdvanced { to, .. } if *to > d.time_track.moves => return Err(OutOfBounds::TrackSpace { to: *to }),
            _ => {}
        }
        let mut walk = IdWalk { bounds: self, found: Ok(()), unclaimed: Vec::new() };
        // The walk's own errors only carry the first id out of bounds; serializing an event
        // cannot fail otherwise.
        let _ = e.serialize(&mut walk);
        walk.found
    }

    /// The id-like newtypes an event names that no `Bounded` impl checks: a test keeps this to
    /// the ones meant to be unbounded, so a new id type cannot slip past the walk.
    pub fn unclaimed_ids(&self, e: &Event) -> Vec<&'static str> {
        let mut walk = IdWalk { bounds: self, found: Ok(()), unclaimed: Vec::new() };
        let _ = e.serialize(&mut walk);
        walk.unclaimed
    }

    /// A shuffle's order: a deck of copies (Serious Wounds) is bounded by its copies, and every
    /// number must be a card of that deck.
    fn deck_order(&self, deck: DeckKind, order: &[u8]) -> Result<(), OutOfBounds> {
        let d = &self.c.data;
        let len = match deck {
            DeckKind::Event => d.events.len(),
            DeckKind::Attack => d.attacks.len(),
            DeckKind::SeriousWound => d.serious_wounds.len(),
            DeckKind::Contamination => d.contamination.total as usize,
        };
        let copies: usize = match deck {
            DeckKind::SeriousWound => d.serious_wounds.iter().map(|w| w.copies as usize).sum(),
            _ => len,
        };
        if order.len() > copies {
            return Err(OutOfBounds::DeckSize { holds: copies, cards: order.len() });
        }
        order.iter().try_for_each(|n| self.within("card", below(len), u16::from(*n)))
    }
}

/// Checks a whole journal's events, the setup first, naming the first one out of bounds.
pub fn check_events<'e>(c: &Content, events: impl IntoIterator<Item = &'e Event>) -> Result<(), OutOfBounds> {
    let mut it = events.into_iter();
    let first = it.next().ok_or(OutOfBounds::NoEvents)?;
    let b = Bounds::from_setup(c, first)?;
    it.try_for_each(|e| b.check(e))
}

/// A serializer that writes nothing: it visits every value of an event and checks each id
/// newtype it meets against its bounds, keeping the first one out of bounds.
struct IdWalk<'b, 'a> {
    bounds: &'b Bounds<'a>,
    found: Result<(), OutOfBounds>,
    /// Newtypes around a plain number that no `Bounded` impl claims (`IntruderId` is the one
    /// meant: intruders are numbered as they appear, without an upper bound).
    unclaimed: Vec<&'static str>,
}

/// The walk's error: only ever "stop, an id is out of bounds" (the id is in `found`).
#[derive(Debug)]
struct Stop;

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an id out of bounds")
    }
}
impl std::error::Error for Stop {}
impl ser::Error for Stop {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Stop
    }
}

/// Reads the number inside an id newtype.
struct Number(Option<u16>);

macro_rules! ignore_scalars {
    ($($method:ident($t:ty)),*) => { $(fn $method(self, _: $t) -> Result<(), Stop> { Ok(()) })* };
}

/// Every compound value (sequence, tuple, map, struct, variant) is walked field by field.
macro_rules! walk_compound {
    ($($trait:ident::$method:ident),*) => { $(
        impl ser::$trait for &mut IdWalk<'_, '_> {
            type Ok = ();
            type Error = Stop;
            fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Stop> {
                value.serialize(&mut **self)
            }
            fn end(self) -> Result<(), Stop> {
                Ok(())
            }
        }
    )* };
}
walk_compound!(SerializeSeq::serialize_element, SerializeTuple::serialize_element, SerializeTupleStruct::serialize_field, SerializeTupleVariant::serialize_field);

impl ser::SerializeMap for &mut IdWalk<'_, '_> {
    type Ok = ();
    type Error = Stop;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Stop> {
        key.serialize(&mut **self)
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Stop> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Stop> {
        Ok(())
    }
}

/// Struct fields, named or in a variant, are walked by value.
macro_rules! walk_fields {
    ($($trait:ident),*) => { $(
        impl ser::$trait for &mut IdWalk<'_, '_> {
            type Ok = ();
            type Error = Stop;
            fn serialize_field<T: ?Sized + Serialize>(&mut self, _: &'static str, value: &T) -> Result<(), Stop> {
                value.serialize(&mut **self)
            }
            fn end(self) -> Result<(), Stop> {
                Ok(())
            }
        }
    )* };
}
walk_fields!(SerializeStruct, SerializeStructVariant);

impl<'w> ser::Serializer for &'w mut IdWalk<'_, '_> {
    type Ok = ();
    type Error = Stop;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    ignore_scalars!(serialize_bool(bool), serialize_i8(i8), serialize_i16(i16), serialize_i32(i32), serialize_i64(i64),
        serialize_u8(u8), serialize_u16(u16), serialize_u32(u32), serialize_u64(u64), serialize_f32(f32), serialize_f64(f64),
        serialize_char(char), serialize_str(&str), serialize_bytes(&[u8]), serialize_unit_struct(&'static str));

    fn serialize_none(self) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), Stop> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<(), Stop> {
        Ok(())
    }
    /// The one place ids are met: a newtype whose type name is a bounded id.
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, name: &'static str, value: &T) -> Result<(), Stop> {
        let mut number = Number(None);
        let _ = value.serialize(&mut number);
        let Some((_, what, allowed)) = BY_TYPE_NAME.iter().find(|(n, _, _)| *n == name) else {
            if number.0.is_some() {
                self.unclaimed.push(name);
            }
            return value.serialize(self);
        };
        let Some(n) = number.0 else { return Ok(()) };
        self.found = self.bounds.within(what, allowed(self.bounds), n);
        self.found.clone().map_err(|_| Stop)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(self, _: &'static str, _: u32, _: &'static str, value: &T) -> Result<(), Stop> {
        value.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self, Stop> {
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self, Stop> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, Stop> {
        Ok(self)
    }
    fn serialize_tuple_variant(self, _: &'static str, _: u32, _: &'static str, _: usize) -> Result<Self, Stop> {
        Ok(self)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self, Stop> {
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Stop> {
        Ok(self)
    }
    fn serialize_struct_variant(self, _: &'static str, _: u32, _: &'static str, _: usize) -> Result<Self, Stop> {
        Ok(self)
    }
}

/// Takes the plain number an id newtype wraps (u8 or u16); anything else is not an id.
impl ser::Serializer for &mut Number {
    type Ok = ();
    type Error = Stop;
    type SerializeSeq = ser::Impossible<(), Stop>;
    type SerializeTuple = ser::Impossible<(), Stop>;
    type SerializeTupleStruct = ser::Impossible<(), Stop>;
    type SerializeTupleVariant = ser::Impossible<(), Stop>;
    type SerializeMap = ser::Impossible<(), Stop>;
    type SerializeStruct = ser::Impossible<(), Stop>;
    type SerializeStructVariant = ser::Impossible<(), Stop>;

    fn serialize_u8(self, v: u8) -> Result<(), Stop> {
        self.0 = Some(u16::from(v));
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> Result<(), Stop> {
        self.0 = Some(v);
        Ok(())
    }
    ignore_scalars!(serialize_bool(bool), serialize_i8(i8), serialize_i16(i16), serialize_i32(i32), serialize_i64(i64),
        serialize_u32(u32), serialize_u64(u64), serialize_f32(f32), serialize_f64(f64),
        serialize_char(char), serialize_str(&str), serialize_bytes(&[u8]), serialize_unit_struct(&'static str));
    fn serialize_none(self) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_unit(self) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, _: &T) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(self, _: &'static str, _: u32, _: &'static str, _: &T) -> Result<(), Stop> {
        Ok(())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Stop> {
        Err(Stop)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Stop> {
        Err(Stop)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, Stop> {
        Err(Stop)
    }
    fn serialize_tuple_variant(self, _: &'static str, _: u32, _: &'static str, _: usize) -> Result<Self::SerializeTupleVariant, Stop> {
        Err(Stop)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Stop> {
        Err(Stop)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Stop> {
        Err(Stop)
    }
    fn serialize_struct_variant(self, _: &'static str, _: u32, _: &'static str, _: usize) -> Result<Self::SerializeStructVariant, Stop> {
        Err(Stop)
    }
}
