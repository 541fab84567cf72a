//! The first half of the command table: the players' rounds, the board and the characters.

/// Hands these entries on to the second half (`ship.rs`), which hands the whole table to `$then`.
macro_rules! commands_of_the_rounds {
    ($then:ident) => { $crate::command::ship::commands_of_the_ship! { $then [
        SetUp(options: SetupOptions) => {
            // The players' names; the other options (mode, components, …) are the setup wizard's own.
            spec: off_panel().fields([Field { min: Some(1), max: Some(rules::MAX_NAME as u16), ..field("players", F::Names) }]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |_| refuse(Code::WrongPhase, "this_game_is_already_set_up", "This game is already set up."),
        }
        DraftDraw { seat: Seat } => {
            spec: on(G::Draft).fields([seat()]).entered([E::Draft]),
            seat: Some(*seat),
            stage: Stage::Draft,
            play: |_| Play::Correction,
            rule: |ctx| setup::draft_draw(ctx, *seat),
        }
        DraftKeep { seat: Seat, character: String } => {
            spec: on(G::Draft).fields([seat(), field("character", F::OfferedCharacter)]).phone(),
            seat: Some(*seat),
            stage: Stage::Draft,
            play: |_| Play::Correction,
            rule: |ctx| setup::draft_keep(ctx, *seat, character),
        }

        /// Ends the Player Phase once every player has passed (p. 10, step 3).
        EndPlayerPhase => {
            spec: on(G::Turn).confirm(),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| player_phase::end_player_phase(ctx),
        }
        /// Pass (p. 10): the seat's round ends and they take no more Actions this phase.
        Pass { seat: Seat } => {
            spec: on(G::Turn).fields([seat()]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Unpaid,
            offer: Offered::to(&[Whose::Crew, Whose::IntruderPlayer, Whose::InPod], S::Pass, 99, |_, seat| vec![Pass { seat }]).phone_confirm().warns(Warns::Harm),
            rule: |ctx| player_phase::pass(ctx, *seat),
        }
        /// An Action from an Action card or an Item (pp. 12, 22), whose effect the table carries out:
        /// `paid` is every Action card discarded for it (the card itself and its cost).
        CardAction { seat: Seat, paid: u8 } => {
            spec: on(G::Turn).fields([seat(), count("paid", 1, rules::MAX_PAID, 1)]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(*paid),
            offer: Offered::to(&[Whose::Crew, Whose::IntruderPlayer], S::Card, 90, |_, seat| vec![CardAction { seat, paid: 1 }]).form_first(FormFirst::Counts),
            rule: |ctx| player_phase::card_action(ctx, *seat, *paid),
        }
        /// The Craft Item Basic Action (pp. 13, 23): 1 card; the character discards 2 Item cards
        /// whose blue Component icons match `item`'s grey ones and takes its Crafted Item card.
        CraftItem { seat: Seat, item: CraftedItem } => {
            spec: on(G::Characters).fields([seat(), starting(field("item", F::CraftedItem), "antidote")]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(1),
            // Each of the four: the Item cards in a hand are the table's, so none is ruled out here.
            offer: Offered::crew(S::Card, 85, |_, seat| CraftedItem::ALL.map(|item| CraftItem { seat, item }).into()),
            rule: |ctx| player_phase::craft_item(ctx, *seat, *item),
        }
        /// The Room Action of a room the app has no command of its own for (Armory, Storage,
        /// Command Center, Hatch Control System; p. 24): 2 cards, the table does the rest.
        RoomAction { seat: Seat } => {
            spec: on(G::Turn).fields([seat()]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            rule: |ctx| room_sheet::table_room_action(ctx, *seat),
        }
        /// The Emergency Room's Room Action, Treat Your Wounds (p. 24): 2 cards, and the one
        /// treatment the player chooses.
        TreatWounds { seat: Seat, treatment: Treatment } => {
            spec: on(G::Characters).fields([seat(), starting(field("treatment", F::Treatment), "dress_serious")]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            offer: Offered::crew(S::Here, 58, |_, seat| Treatment::ALL.map(|treatment| TreatWounds { seat, treatment }).into()),
            rule: |ctx| room_sheet::treat_wounds(ctx, *seat, *treatment),
        }
        /// The Armory's Room Action, Recharge Your Energy Weapon (p. 24): 2 cards; the table puts
        /// 2 Ammo on one of the character's Energy weapons.
        RechargeWeapon { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            offer: Offered::crew(S::Here, 59, |_, seat| vec![RechargeWeapon { seat }]),
            rule: |ctx| room_sheet::recharge_weapon(ctx, *seat),
        }
        /// The Storage's Room Action, Search for an Item (p. 24): 2 cards; 2 Item cards from the
        /// deck the player chooses, 1 kept.
        SearchStorage { seat: Seat, deck: ItemDeck } => {
            spec: on(G::Characters).fields([seat(), starting(field("deck", F::ItemDeck), "red")]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            offer: Offered::crew(S::Here, 60, |_, seat| ItemDeck::ALL.map(|deck| SearchStorage { seat, deck }).into()),
            rule: |ctx| room_sheet::search_storage(ctx, *seat, *deck),
        }
        /// The Command Center's Room Action, Open/Close Doors (p. 25): 2 cards; any 1 room, the
        /// Doors of its corridors in `closed` end Closed and the others Open.
        CommandDoors { seat: Seat, room: Location, closed: Vec<CorridorId> } => {
            spec: on(G::Board).fields([seat(), field("room", F::Location), field("closed", F::Corridors)]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            // One offer: the character's own room with every Door of it closed (or opened, when all
            // are closed already); its form chooses any room and any mix (p. 25).
            offer: Offered::crew(S::Here, 61, |state, seat| {
                let here = state.seats[seat].location;
                let doors: Vec<CorridorId> = state.content().board.neighbours(here).into_iter().map(|(_, c)| c).filter(|c| state.board.doors[c.0 as usize] != DoorState::Destroyed).collect();
                let all_closed = doors.iter().all(|c| state.board.doors[c.0 as usize] == DoorState::Closed);
                vec![CommandDoors { seat, room: here, closed: if all_closed { Vec::new() } else { doors } }]
            })
            .form_first(FormFirst::Choices),
            rule: |ctx| room_sheet::command_doors(ctx, *seat, *room, closed),
        }
        /// The Hatch Control System's Room Action (p. 25): 2 cards; one Escape Pod locked or unlocked.
        HatchControl { seat: Seat, pod: PodNumber, locked: bool } => {
            spec: on(G::Ship).fields([seat(), field("pod", F::Pod), starting(field("locked", F::PodLock), false)]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            offer: Offered::crew(S::Here, 62, |state, seat| state.pods.iter().map(|p| HatchControl { seat, pod: p.number, locked: !p.locked }).collect()),
            rule: |ctx| room_sheet::hatch_control(ctx, *seat, *pod, *locked),
        }
        /// A card or Item Action the engine knows (pp. 12, 22): the card the table shows, the effect
        /// chosen among its own, and the card's cost. `wound`: the Serious Wound a dressing dresses, by its
        /// place among the character's (a field of its own kind, so a button names its card); old
        /// saves, which always wrote a number, read it as that wound, and the other effects ignore it;
        /// `cards`: the Contamination cards in hand a Rest card scans (from the table none: the
        /// player's phone is asked, and answers with `ScanContamination`). `corridor`: the Door a
        /// card opens, closes or destroys; `intruder`: the Intruder it drives off; `room`: the room
        /// a Blocking Access puts its Malfunction in; `target`: the other character a Taser empties
        /// the hand of; `pod`: the Escape Pod an Evacuation Key locks or unlocks. Old saves read
        /// the last two as none.
        UseCard {
            seat: Seat,
            card: PlayedCard,
            effect: CardEffect,
            #[serde(default)] wound: Option<u8>,
            #[serde(default)] cards: Vec<ContaminationId>,
            #[serde(default)] corridor: Option<CorridorId>,
            #[serde(default)] intruder: Option<IntruderId>,
            #[serde(default)] room: Option<Location>,
            #[serde(default)] target: Option<Seat>,
            #[serde(default)] pod: Option<PodNumber>,
        } => {
            spec: on(G::Turn)
                .fields([
                    seat(),
                    starting(field("card", F::PlayedCard), "tools"),
                    starting(field("effect", F::CardEffect), "repair_malfunction"),
                    or_none(field("wound", F::SeriousWound)),
                    field("cards", F::ContaminationCards),
                    or_none(field("corridor", F::Corridor)),
                    or_none(field("intruder", F::Intruder)),
                    or_none(field("room", F::Location)),
                    or_none(field("target", F::Seat)),
                    or_none(field("pod", F::Pod)),
                ])
                .entered([E::EventCard, E::AttackCard])
                .round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |state| Play::Action(card_actions::cost(state, *seat, *card)),
            offer: Offered::crew(S::Card, 80, card_candidates),
            rule: |ctx| card_actions::use_card(ctx, *seat, *card, *effect, card_actions::Target { wound: *wound, cards, corridor: *corridor, intruder: *intruder, room: *room, target: *target, pod: *pod }),
        }
        /// A correction: the round goes to this seat (someone acted out of turn at the table).
        GiveRound { seat: Seat } => {
            spec: on(G::Turn).fields([seat()]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| player_phase::give_round(ctx, *seat),
        }
        AdvanceTime => {
            spec: on(G::Turn),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| event_phase::advance_time(ctx),
        }
        ResolveIntruderAttacks => {
            spec: on(G::Turn).entered([E::AttackCard, E::SeriousWound, E::Token]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| event_phase::intruder_attacks(ctx),
        }
        ResolveFireDamage => {
            spec: on(G::Turn),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| event_phase::fire_damage(ctx),
        }
        ResolveEventCard => {
            spec: on(G::Turn).entered([E::EventCard, E::Token, E::Noise, E::NoActionCards]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| event_phase::event_card(ctx),
        }
        DevelopBag => {
            spec: on(G::Turn).entered([E::Token]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| event_phase::develop_bag(ctx),
        }
        SetHandSize { seat: Seat, cards: u8 } => {
            spec: on(G::Characters).fields([seat(), count("cards", 0, rules::MAX_HAND, 5)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| player_phase::set_hand_size(ctx, *seat, *cards),
        }

        MoveCharacter { seat: Seat, to: Location, #[serde(default)] careful_noise: Option<u8> } => {
            spec: on(G::Characters)
                .fields([seat(), field("to", F::Location), Field { min: Some(1), max: Some(rules::CORRIDOR_NUMBERS.into()), ..or_none(field("careful_noise", F::CorridorNumber)) }])
                .entered([E::Room, E::Noise, E::Token])
                .explained().round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |state| Play::Action(player_phase::move_cost(state, *seat, careful_noise.is_some())),
            // Each neighbouring room, then each with Careful Movement's corridor (pp. 13–14).
            offer: Offered::crew(S::Move, 20, |state, seat| {
                let rooms: Vec<Location> = state.content().board.neighbours(state.seats[seat].location).into_iter().map(|(to, _)| to).collect();
                let careful = rooms.iter().flat_map(|to| (1..=rules::CORRIDOR_NUMBERS).map(|n| MoveCharacter { seat, to: *to, careful_noise: Some(n) }));
                rooms.iter().map(|to| MoveCharacter { seat, to: *to, careful_noise: None }).chain(careful).collect()
            })
            .warns(Warns::Escape)
            // A tap on a room is the plain Move there; a Careful Movement asks for its marker.
            .on_map(|c| match c {
                MoveCharacter { to, careful_noise: None, .. } => Some(*to),
                _ => None,
            }),
            rule: |ctx| movement::move_character(ctx, *seat, *to, *careful_noise),
        }
        PlaceCharacter { seat: Seat, at: Location } => {
            spec: on(G::Characters).fields([seat(), field("at", F::Location)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| movement::place_character(ctx, *seat, *at),
        }
        NoiseRoll { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]).entered([E::Noise, E::Token]).explained(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| encounter::table_noise_roll(ctx, *seat),
        }
        Encounter { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]).entered([E::Token]).explained(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| encounter::table_encounter(ctx, *seat),
        }
        SetNoise { spot: NoiseSpot, on: bool } => {
            spec: on(G::Board).fields([field("spot", F::NoiseSpot), switch("on", true)]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| corridors::set_noise(ctx, *spot, *on),
        }
        SetDoor { corridor: CorridorId, state: DoorState } => {
            spec: on(G::Board).fields([field("corridor", F::Corridor), starting(field("state", F::DoorState), "closed")]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| corridors::set_door(ctx, *corridor, *state),
        }
        SetFire { at: Location, on: bool } => {
            spec: on(G::Board).fields([field("at", F::Location), switch("on", true)]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| fire::set_fire(ctx, *at, *on),
        }
        SetMalfunction { at: Location, on: bool } => {
            spec: on(G::Board).fields([field("at", F::Location), switch("on", true)]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| fire::set_malfunction(ctx, *at, *on),
        }
        RollDice { die: Die, count: u8 } => {
            spec: on(G::Turn).fields([starting(field("die", F::Die), "noise"), count("count", 1, rules::DICE_OF_EACH_KIND, 1)]).entered([E::Noise, E::Combat]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| draw::roll_dice(ctx, *die, *count),
        }

        PlaceIntruder { kind: IntruderKind, at: Location } => {
            spec: on(G::Intruders).fields([starting(field("kind", F::IntruderKind), "adult"), field("at", F::Location)]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| intruders::place_by_table(ctx, *kind, *at),
        }
        MoveIntruder { id: IntruderId, corridor: u8 } => {
            spec: on(G::Intruders).fields([
                field("id", F::Intruder),
                Field { min: Some(1), max: Some(rules::CORRIDOR_NUMBERS.into()), initial: Some(1.into()), ..field("corridor", F::CorridorNumber) },
            ]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| intruders::move_by_table(ctx, *id, *corridor),
        }
        AttackCharacter { id: IntruderId, #[serde(default)] target: Option<Seat> } => {
            spec: on(G::Intruders).fields([field("id", F::Intruder), or_none(field("target", F::Seat))]).entered([E::AttackCard, E::SeriousWound, E::Token]).explained(),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| combat::attack_command(ctx, *id, *target),
        }
        InjureIntruder { id: IntruderId, injuries: u8 } => {
            spec: on(G::Intruders).fields([field("id", F::Intruder), count("injuries", 1, rules::MAX_INJURIES_AT_ONCE, 1)]).entered([E::AttackCard]).explained(),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| combat::injure_by_table(ctx, *id, *injuries),
        }
        KillIntruder { id: IntruderId } => {
            spec: on(G::Intruders).fields([field("id", F::Intruder)]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| intruders::kill_by_table(ctx, *id),
        }
        /// The intruder runs away through the corridor of a freshly drawn Event card
        /// (Fire Control System p. 24, items such as the Fire Extinguisher).
        /// `extinguisher`: the Fire Extinguisher did it, so with Susceptibility to Phosphates known it
        /// also takes 1 Injury (card reference §4, A); old saves read as not.
        IntruderFlees { id: IntruderId, #[serde(default)] extinguisher: bool } => {
            spec: on(G::Intruders).fields([field("id", F::Intruder), switch("extinguisher", false)]).entered([E::EventCard, E::AttackCard]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| combat::flee_by_table(ctx, *id, *extinguisher),
        }
        /// Fire Control System (p. 24): in any 1 room, its Fire marker goes if it has one, and every
        /// Intruder there runs away (an Event card each); with Susceptibility to Phosphates known each
        /// also takes 1 Injury.
        FireControl { seat: Seat, room: Location } => {
            spec: on(G::Characters).fields([seat(), field("room", F::Location)]).entered([E::EventCard, E::AttackCard]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            offer: Offered::crew(S::Here, 55, |state, seat| every_room(state).map(|room| FireControl { seat, room }).collect()),
            rule: |ctx| rooms::fire_control(ctx, *seat, *room),
        }

        Wound { seat: Seat, light: u8, serious: u8 } => {
            spec: on(G::Characters)
                .fields([seat(), count("light", 0, rules::MAX_WOUNDS_AT_ONCE, 1), count("serious", 0, rules::MAX_WOUNDS_AT_ONCE, 0)])
                .entered([E::SeriousWound]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| wounds::wound_by_table(ctx, *seat, *light, *serious),
        }
        DressSeriousWound { seat: Seat, index: u8 } => {
            spec: on(G::Characters).fields([seat(), count("index", 0, rules::MAX_SERIOUS_WOUNDS - 1, 0)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| wounds::dress(ctx, *seat, *index),
        }
        HealSeriousWound { seat: Seat, index: u8 } => {
            spec: on(G::Characters).fields([seat(), count("index", 0, rules::MAX_SERIOUS_WOUNDS - 1, 0)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| wounds::heal_serious(ctx, *seat, *index),
        }
        HealLightWounds { seat: Seat, count: u8 } => {
            spec: on(G::Characters).fields([seat(), count("count", 1, rules::MAX_LIGHT_WOUNDS, 1)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| wounds::heal_light(ctx, *seat, *count),
        }
        SetSlime { seat: Seat, on: bool } => {
            spec: on(G::Characters).fields([seat(), switch("on", true)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| wounds::set_slime(ctx, *seat, *on),
        }
        SendSignal { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            offer: Offered::crew(S::Here, 45, |_, seat| vec![SendSignal { seat }]),
            rule: |ctx| rooms::send_signal(ctx, *seat),
        }
        KillCharacter { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]).confirm(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| wounds::kill_by_table(ctx, *seat),
        }
    ] } };
}
pub(crate) use commands_of_the_rounds;
