//! The state at the start of a game, built from the setup event's facts: every token, card and marker placed once.

use crate::event::SeatSetup;
use crate::ids::*;
use crate::state::*;

impl State {
    /// The state at the start of a game, before setup events: used by the first event.
    pub fn from_setup(config: Config, seats: &[SeatSetup], first_player: Seat) -> State {
        let c = crate::content::Content::pack(config.pack);
        let hib = c.location_of_kind(crate::content::LocationKind::Hibernatorium);
        let rooms = c
            .board
            .locations()
            .map(|l| RoomState {
                tile: None,
                token: None,
                explored: !c.is_slot(l),
                items: None,
                fire: false,
                malfunction: false,
                eggs: 0,
                carcasses: 0,
                // p. 8, step 20: the blue Character Corpse token lies in the Hibernatorium.
                corpses: u8::from(l == hib),
            })
            .collect();
        let n_corr = c.board.corridors.len();
        State {
            seats: BySeat(
                seats
                    .iter()
                    .map(|s| SeatState {
                        name: s.name.clone(),
                        number: s.number,
                        character: None,
                        draft_offer: Vec::new(),
                        life: Life::Awake,
                        location: hib,
                        hand: 0,
                        light_wounds: 0,
                        serious: Vec::new(),
                        slime: false,
                        signal: false,
                        larva: false,
                        contamination: Vec::new(),
                        eggs_carried: 0,
                        carcasses_carried: 0,
                        corpses_carried: 0,
                        objectives: Vec::new(),
                        objective: ObjectiveChoice::Undecided,
                        objective_revealed: false,
                        objective_met: None,
                        contamination_checked: false,
                        hand_scan_due: false,
                        eclosion_scan_due: false,
                        alcohol_scan_due: false,
                        antidote_scan_due: false,
                        infected_in_hand: Vec::new(),
                        reveals: Vec::new(),
                    })
                    .collect(),
            ),
            config,
            first_player,
            turn: 0,
            phase: Phase::Draft,
            board: BoardState {
                rooms,
                noise: vec![false; n_corr],
                technical_noise: false,
                doors: vec![DoorState::Open; n_corr],
            },
            intruders: Vec::new(),
            next_intruder: 1,
            tokens: vec![TokenPlace::Supply; c.data.intruder_tokens.len()],
            engines: [Hidden::Unknown; 3],
            engines_revealed: None,
            repair: None,
            coordinates: Hidden::Unknown,
            coordinates_revealed: false,
            revealed_destination: None,
            destination: DestinationLetter::B,
            pods: Vec::new(),
            events: Deck::with_draw((0..c.data.events.len() as u8).map(EventCardId).collect()),
            attacks: Deck::with_draw((0..c.data.attacks.len() as u8).map(AttackCardId).collect()),
            wounds: Deck::with_draw(c.wound_cards()),
            contamination: Deck::with_draw((0..c.data.contamination.total).map(ContaminationId).collect()),
            infected: vec![Hidden::Unknown; c.data.contamination.total as usize],
            draft: (0..c.data.characters.len() as u8).map(CharacterId).collect(),
            weaknesses: [WeaknessSlot { card: None, revealed: None }; 3],
            nest_eggs: c.data.pools.eggs_at_start,
            nest_destroyed: false,
            airlock: None,
            time: 0,
            self_destruct: None,
            first_encounter: false,
            first_death: false,
            first_dead: None,
            deaths: 0,
            attack_offer: None,
            intruder_player: None,
            ship_destroyed: false,
            rounds: Rounds::default(),
        }
    }
}
