//! The board graph built from the printed locations: exits, corridors and the Technical Corridors.

use super::*;

/// Where a numbered exit of a location leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "kind", content = "corridor")]
pub enum Exit {
    Corridor(CorridorId),
    /// A Technical Corridors entrance: all of them lead to the one Technical Corridors space.
    Technical,
}

/// A room-to-room corridor; a corridor may carry two numbers (the same at both ends).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Corridor {
    pub id: CorridorId,
    pub ends: (Location, Location),
    pub numbers: Vec<u8>,
}

impl Corridor {
    pub fn other_end(&self, from: Location) -> Location {
        if self.ends.0 == from {
            self.ends.1
        } else {
            self.ends.0
        }
    }
}

/// The basic board as a graph, derived from the location table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Board {
    pub corridors: Vec<Corridor>,
    /// `exits[location - 1][number - 1]`
    pub exits: Vec<[Exit; 4]>,
}

impl Board {
    pub fn exit(&self, from: Location, number: u8) -> Exit {
        self.exits[from.0 as usize - 1][number as usize - 1]
    }
    /// Every distinct corridor touching a location (a double-numbered corridor once).
    pub fn corridors_of(&self, at: Location) -> Vec<CorridorId> {
        let mut out: Vec<CorridorId> = Vec::new();
        for exit in &self.exits[at.0 as usize - 1] {
            if let Exit::Corridor(c) = exit {
                if !out.contains(c) {
                    out.push(*c);
                }
            }
        }
        out
    }
    pub fn has_technical_entrance(&self, at: Location) -> bool {
        self.exits[at.0 as usize - 1].contains(&Exit::Technical)
    }
    /// Rooms one corridor away, in ascending room number.
    pub fn neighbours(&self, at: Location) -> Vec<(Location, CorridorId)> {
        let mut out: Vec<(Location, CorridorId)> = self
            .corridors_of(at)
            .into_iter()
            .map(|c| (self.corridors[c.0 as usize].other_end(at), c))
            .collect();
        out.sort();
        out
    }
    pub fn corridor_between(&self, a: Location, b: Location) -> Option<CorridorId> {
        self.neighbours(a).into_iter().find(|(l, _)| *l == b).map(|(_, c)| c)
    }
    pub fn locations(&self) -> impl Iterator<Item = Location> {
        (1..=self.exits.len() as u8).map(Location)
    }
}

pub(super) fn build_board(locations: &[LocationSpec]) -> Result<Board, String> {
    let n = locations.len() as u8;
    let mut corridors: Vec<Corridor> = Vec::new();
    let mut exits: Vec<[Exit; 4]> = Vec::new();
    for l in locations {
        let here = Location(l.number);
        let mut row = [Exit::Technical; 4];
        for (i, e) in l.exits.iter().enumerate() {
            let number = i as u8 + 1;
            row[i] = match e {
                ExitSpec::Technical(_) => Exit::Technical,
                ExitSpec::Room(to) => {
                    if *to == 0 || *to > n || *to == l.number {
                        return Err(format!("content: location {} exit {number} leads nowhere", l.number));
                    }
                    let to = Location(*to);
                    let key = if here < to { (here, to) } else { (to, here) };
                    let id = match corridors.iter().position(|c| c.ends == key) {
                        Some(p) => p,
                        None => {
                            corridors.push(Corridor { id: CorridorId(corridors.len() as u8), ends: key, numbers: Vec::new() });
                            corridors.len() - 1
                        }
                    };
                    if !corridors[id].numbers.contains(&number) {
                        corridors[id].numbers.push(number);
                    }
                    Exit::Corridor(CorridorId(id as u8))
                }
            };
        }
        exits.push(row);
    }
    // A corridor carries the same number(s) at both ends: check it, since movement relies on it.
    for c in &corridors {
        for end in [c.ends.0, c.ends.1] {
            let row = &exits[end.0 as usize - 1];
            let from_here: Vec<u8> = (1..=4u8).filter(|k| row[*k as usize - 1] == Exit::Corridor(c.id)).collect();
            let mut want = c.numbers.clone();
            want.sort();
            if from_here != want {
                return Err(format!(
                    "content: corridor {}-{} is numbered {:?} at one end and {:?} at the other",
                    c.ends.0 .0, c.ends.1 .0, want, from_here
                ));
            }
        }
    }
    Ok(Board { corridors, exits })
}
