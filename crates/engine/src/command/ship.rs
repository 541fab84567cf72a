//! The second half of the command table: combat, contamination, the ship's systems, escape and the end.

/// The whole table, the first half's entries first, handed to `$then`.
macro_rules! commands_of_the_ship {
    ($then:ident [ $($rounds:tt)* ]) => { $then! {
        $($rounds)*
        /// The Shoot action (p. 18): the character fires `weapon` at an Intruder in its room and
        /// the table takes 1 Ammo off that weapon's card (p. 20). The Combat die says how many
        /// Injuries land, then the Injury check. `weapon` left out (old saves): `energy` says
        /// whether it was an Energy weapon, for the Weakness Vulnerability to Energy (pp. 21–22);
        /// old saves that never said read as not. With `weapon`, the weapon says it and `energy` is unread.
        Shoot { seat: Seat, id: IntruderId, #[serde(default, skip_serializing_if = "std::ops::Not::not")] energy: bool, #[serde(default)] weapon: Option<Weapon> } => {
            spec: on(G::Characters).fields([seat(), field("id", F::Intruder), starting(field("weapon", F::Weapon), "own")]).entered([E::Combat, E::AttackCard, E::EventCard]).explained().round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(1),
            // With the character's own weapon, or another it carries (an Energy one matters only once
            // Vulnerability to Energy is known, pp. 21–22): the table knows which it holds.
            offer: Offered::by_intruder(S::Fight, 30, |state, seat| {
                let energy = state.weakness_known(WeaknessEffect::VulnerabilityToEnergy);
                let weapons: &[Weapon] = if energy { &Weapon::ALL } else { &Weapon::ALL[..2] };
                intruders_here(state, seat).flat_map(|(k, id)| weapons.iter().map(move |w| (k, Shoot { seat, id, energy: false, weapon: Some(*w) }))).collect()
            }),
            rule: |ctx| combat::shoot(ctx, *seat, *id, *energy, *weapon),
        }
        /// The Melee Attack action (p. 19): a Contamination card first, then the Combat die (2 hits
        /// count as 1); a miss costs the character a Serious Wound.
        MeleeAttack { seat: Seat, id: IntruderId } => {
            spec: on(G::Characters).fields([seat(), field("id", F::Intruder)]).entered([E::Combat, E::AttackCard, E::EventCard, E::SeriousWound]).explained().round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(1),
            offer: Offered::by_intruder(S::Fight, 30, |state, seat| intruders_here(state, seat).map(|(k, id)| (k, MeleeAttack { seat, id })).collect()),
            rule: |ctx| combat::character_attacks(ctx, *seat, *id, true, false, None),
        }
        /// Cooperative mode's Revive (p. 27): the crew carried this dead character's Corpse to a
        /// working Emergency Room; at the start of a turn the character stands up there.
        ReviveCharacter { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]).modes([Mode::Cooperative]),
            // The crew's doing, entered at the table: no phone sends it.
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| wounds::revive(ctx, *seat),
        }
        /// Playing as an Intruder (p. 27): the player whose character died first takes the
        /// Intruders; from the next turn the Event Phase keeps only the Time track and Fire damage.
        BecomeIntruderPlayer { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]).confirm().modes([Mode::Standard]),
            // The table agrees to it together: no phone sends it.
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| player_phase::become_intruder_player(ctx, *seat),
        }
        /// The Intruder player's ATTACK (p. 27): they play an Intruder Action card showing `card_number`
        /// (1 to 4), and the Intruder `id` attacks `target` in its room. They draw that many Intruder
        /// Attack cards and resolve one of their choice; with the app's deck they choose on their
        /// phone (`choose_attack_card`), with a physical deck the table enters the chosen card.
        IntruderPlayerAttack { seat: Seat, id: IntruderId, target: Seat, card_number: u8 } => {
            spec: on(G::Intruders)
                .fields([field("seat", F::IntruderPlayer), field("id", F::Intruder), field("target", F::Seat), count("card_number", 1, rules::INTRUDER_CARD_NUMBERS, 2)])
                .entered([E::AttackCard, E::SeriousWound, E::Token])
                .explained()
                .modes([Mode::Standard])
                .when(When::IntruderPlayer).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(1),
            // An ATTACK of any Intruder in a character's room (p. 27).
            offer: Offered::to(&[Whose::IntruderPlayer], S::Fight, 15, |state, seat| {
                state.intruders.iter().flat_map(|i| state.characters_at(i.at).into_iter().map(move |target| IntruderPlayerAttack { seat, id: i.id, target, card_number: 1 })).collect()
            })
            .form_first(FormFirst::Counts),
            rule: |ctx| combat::intruder_player_attack(ctx, *seat, *id, *target, *card_number),
        }
        /// The Intruder player's choice among the Intruder Attack cards they drew.
        ChooseAttackCard { seat: Seat, card: AttackCardId } => {
            spec: off_panel().fields([seat(), field("card", F::AttackCard)]).phone().modes([Mode::Standard]),
            seat: Some(*seat),
            stage: Stage::AttackChoice,
            play: |_| Play::Correction,
            rule: |ctx| combat::choose_attack_card(ctx, *seat, *card),
        }
        GiveContamination { seat: Seat, count: u8 } => {
            spec: on(G::Characters).fields([seat(), count("count", 1, rules::MAX_CONTAMINATION_AT_ONCE, 1)]).explained(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| contamination::give_by_table(ctx, *seat, *count),
        }
        /// `scanned`: how many of the character's Contamination cards, besides any in `cards`,
        /// are scanned; the app picks which, blind to what they are. The physical cards carry no
        /// number, so a player holding them can say how many are in hand, not which (issue 31).
        /// Old saves read none.
        ScanContamination { seat: Seat, cards: Vec<ContaminationId>, procedure: ScanProcedure, #[serde(default)] scanned: u8 } => {
            // From a phone only as a Room Action of its round or the answer to a question open for
            // its seat (Rest, Eclosion, the Alcohol, the Antidote: `contamination::seat_may_scan`),
            // which says how many cards are in hand (p. 20); else the table's.
            spec: on(G::Characters).fields([seat(), field("cards", F::ContaminationCards), starting(field("procedure", F::ScanProcedure), "surgery"), count("scanned", 0, rules::MAX_HAND, 0)]).entered([E::Infected]).phone().round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| if procedure.is_room_action() { Play::Action(2) } else { Play::Correction },
            offer: Offered::crew(S::Here, 57, |_, seat| [ScanProcedure::Canteen, ScanProcedure::Shower, ScanProcedure::Surgery].map(|procedure| ScanContamination { seat, cards: Vec::new(), procedure, scanned: 0 }).into()),
            rule: |ctx| contamination::scan(ctx, *seat, cards, *scanned, *procedure),
        }

        CheckEngine { seat: Seat, engine: EngineNumber } => {
            spec: on(G::Ship).fields([seat(), starting(field("engine", F::Engine), 1)]).entered([E::Engine]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            offer: Offered::crew(S::Here, 47, |state, seat| EngineNumber::ALL.into_iter().filter(|e| state.content().engine_location(*e) == Some(state.seats[seat].location)).map(|engine| CheckEngine { seat, engine }).collect()),
            rule: |ctx| systems::check_engine(ctx, *seat, *engine),
        }
        CheckAllEngines { seat: Seat } => {
            spec: on(G::Ship).fields([seat()]).entered([E::Engine]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            offer: Offered::crew(S::Here, 46, |_, seat| vec![CheckAllEngines { seat }]),
            rule: |ctx| systems::check_all_engines(ctx, *seat),
        }
        /// Repair or break an Engine with a Repairs Action card or the Tools (p. 26): `paid` is every
        /// Action card discarded for it; old saves, which never said, read as 1.
        BeginEngineRepair { seat: Seat, engine: EngineNumber, #[serde(default = "one")] paid: u8 } => {
            spec: on(G::Ship).fields([seat(), starting(field("engine", F::Engine), 1), count("paid", 1, rules::MAX_PAID, 3)]).entered([E::Engine]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(*paid),
            rule: |ctx| player_phase::begin_engine_repair(ctx, *seat, *engine, *paid),
        }
        SetEngineOrder { seat: Seat, top: EngineStatus } => {
            spec: on(G::Ship).fields([seat(), starting(field("top", F::EngineStatus), "working")]).phone(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| systems::set_engine_order(ctx, *seat, *top),
        }
        /// Physical Engine tokens: the seat announces only whether the order changed (p. 26).
        ReportEngineOrder { seat: Seat, engine: EngineNumber, changed: bool } => {
            spec: on(G::Ship).fields([seat(), starting(field("engine", F::Engine), 1), switch("changed", true)]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| systems::report_engine_order(ctx, *seat, *engine, *changed),
        }
        CheckCoordinates { seat: Seat } => {
            spec: on(G::Ship).fields([seat()]).entered([E::Destination]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            offer: Offered::crew(S::Here, 48, |_, seat| vec![CheckCoordinates { seat }]),
            rule: |ctx| systems::check_coordinates(ctx, *seat),
        }
        SetDestination { seat: Seat, letter: DestinationLetter } => {
            spec: on(G::Ship).fields([seat(), starting(field("letter", F::DestinationLetter), "a")]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            offer: Offered::crew(S::Here, 49, |_, seat| DestinationLetter::ALL.map(|letter| SetDestination { seat, letter }).into()),
            rule: |ctx| systems::set_destination(ctx, *seat, *letter),
        }
        /// Asks first (issue 31): once the marker reaches a yellow space nobody can stop it, and
        /// the ship explodes on the skull (p. 24).
        StartSelfDestruct { seat: Seat } => {
            spec: on(G::Ship).fields([seat()]).round().confirm(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            offer: Offered::crew(S::Here, 50, |_, seat| vec![StartSelfDestruct { seat }]),
            rule: |ctx| systems::start_self_destruct(ctx, *seat),
        }
        StopSelfDestruct { seat: Seat } => {
            spec: on(G::Ship).fields([seat()]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            offer: Offered::crew(S::Here, 51, |_, seat| vec![StopSelfDestruct { seat }]),
            rule: |ctx| systems::stop_self_destruct(ctx, *seat),
        }
        SetPodLock { pod: PodNumber, locked: bool } => {
            spec: on(G::Ship).fields([field("pod", F::Pod), starting(field("locked", F::PodLock), false)]),
            seat: None,
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| systems::set_pod_lock(ctx, *pod, *locked),
        }
        TryEnterPod { seat: Seat, pod: PodNumber } => {
            spec: on(G::Ship).fields([seat(), field("pod", F::Pod)]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            offer: Offered::crew(S::Here, 52, |state, seat| state.pods.iter().map(|p| TryEnterPod { seat, pod: p.number }).collect()),
            rule: |ctx| systems::try_enter_pod(ctx, *seat, *pod),
        }
        /// Launch an Escape Pod (p. 26), an Action of the Player Phase. `seat`: the occupant who
        /// launches it (from their phone or the table); left out, the table launches it (old saves).
        /// Asked to confirm: a launched pod leaves the ship for good (p. 26).
        LaunchPod { pod: PodNumber, #[serde(default)] seat: Option<Seat> } => {
            spec: on(G::Ship).fields([field("pod", F::Pod), or_none(field("seat", F::Seat))]).round().confirm(),
            seat: *seat,
            stage: Stage::Play,
            play: |_| Play::Unpaid,
            offer: Offered::to(&[Whose::InPod], S::Here, 16, |state, seat| match state.seats[seat].life { Life::InPod(pod) => vec![LaunchPod { pod, seat: Some(seat) }], _ => Vec::new() }),
            rule: |ctx| systems::launch_pod(ctx, *pod, *seat),
        }
        LeavePod { seat: Seat } => {
            spec: on(G::Ship).fields([seat()]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            offer: Offered::to(&[Whose::InPod], S::Here, 17, |_, seat| vec![LeavePod { seat }]),
            rule: |ctx| player_phase::leave_pod(ctx, *seat),
        }
        TryHibernate { seat: Seat } => {
            // Asked to confirm: a character in hibernation plays no more rounds (p. 26).
            spec: on(G::Ship).fields([seat()]).round().confirm(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            offer: Offered::crew(S::Here, 53, |_, seat| vec![TryHibernate { seat }]),
            rule: |ctx| systems::try_hibernate(ctx, *seat),
        }
        ChooseObjective { seat: Seat, objective: Option<String> } => {
            spec: on(G::Characters).fields([seat(), or_none(field("objective", F::Objective))]).phone(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| player_phase::choose_objective(ctx, *seat, objective.as_deref()),
        }
        TakeEgg { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            offer: Offered::crew(S::Here, 42, |_, seat| vec![TakeEgg { seat }]).suggest(Suggest::Aside),
            rule: |ctx| rooms::take_egg(ctx, *seat),
        }
        /// Destroying uncarried Eggs (p. 25). `attempt` says how: a Shoot (1 Ammo off `weapon`'s
        /// card) or a Melee Attack rolls the Combat die and each Injury destroys 1 Egg; `thrown`
        /// (older saves) throws the Grenade (`count` 2) or the Molotov Cocktail (1) at the Eggs of
        /// this room or of `into`, not through a Closed Door (p. 17), with the card's whole effect
        /// (`UseCard`). A Noise roll follows.
        DestroyEggs { seat: Seat, count: u8, #[serde(default)] into: Option<Location>, #[serde(default)] attempt: EggAttempt, #[serde(default)] weapon: Option<Weapon> } => {
            // `count` is read by the old thrown form alone: 2 a Grenade, 1 a Molotov Cocktail (p. 25).
            spec: on(G::Characters)
                .fields([seat(), starting(field("attempt", F::EggAttempt), "shoot"), count("count", 1, 2, 1), or_none(field("into", F::Location)), starting(field("weapon", F::Weapon), "own")])
                .entered([E::Combat])
                .round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |state| Play::Action(player_phase::destroy_eggs_cost(state, *seat, *attempt == crate::command::EggAttempt::Thrown)),
            // A Shoot with the character's own weapon or one it carries, or a Melee Attack (p. 25);
            // a Grenade or a Molotov Cocktail is thrown at Eggs with its card (`UseCard`).
            offer: Offered::crew(S::Fight, 43, |_, seat| {
                let shots = Weapon::ALL[..2].iter().map(move |w| DestroyEggs { seat, count: 1, into: None, attempt: EggAttempt::Shoot, weapon: Some(*w) });
                shots.chain([DestroyEggs { seat, count: 1, into: None, attempt: EggAttempt::Melee, weapon: None }]).collect()
            }),
            rule: |ctx| rooms::destroy_eggs(ctx, *seat, *count, *into, *attempt, *weapon),
        }
        DropEggs { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            rule: |ctx| rooms::drop_eggs(ctx, *seat),
        }
        /// Airlock Control (p. 25): start the Emergency Airlock Procedure on another explored Yellow
        /// room whose corridors hold no Destroyed Door.
        StartAirlock { seat: Seat, room: Location } => {
            spec: on(G::Characters).fields([seat(), field("room", F::Location)]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            offer: Offered::crew(S::Here, 54, |state, seat| every_room(state).map(|room| StartAirlock { seat, room }).collect()),
            rule: |ctx| rooms::start_airlock(ctx, *seat, *room),
        }
        /// Pick Up Heavy Object (p. 13): one Character Corpse, Intruder Carcass or uncarried Egg
        /// lying in the character's room.
        PickUpObject { seat: Seat, object: ResearchObject } => {
            spec: on(G::Characters).fields([seat(), field("object", F::ResearchObject)]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(1),
            offer: Offered::crew(S::Here, 41, |_, seat| ResearchObject::ALL.map(|object| PickUpObject { seat, object }).into()).suggest(Suggest::Aside),
            rule: |ctx| rooms::pick_up_object(ctx, *seat, *object),
        }
        /// Drop one carried Heavy Object in the character's room (p. 22, free). `give_to`: hand it
        /// instead to another character in the same room, in a Trade (p. 13: the Trade's Action is
        /// the `CardAction` of whoever started it; the exchange itself is free); old saves read as not.
        DropObject { seat: Seat, object: ResearchObject, #[serde(default)] give_to: Option<Seat> } => {
            spec: on(G::Characters).fields([seat(), field("object", F::ResearchObject), or_none(field("give_to", F::Seat))]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Correction,
            // A new Arm wound left more Objects than Hand slots: dropping one (free) comes before any
            // Action (the Arm wound card), so it is offered first, and only then.
            offer: Offered::crew(S::Here, 10, |state, seat| {
                let s = &state.seats[seat];
                let carried = u16::from(s.eggs_carried) + u16::from(s.carcasses_carried) + u16::from(s.corpses_carried);
                let arm = s.serious.iter().any(|w| !w.dressed && state.content().data.serious_wounds.get(w.card.0 as usize).is_some_and(|c| c.key == "arm"));
                if carried <= if arm { 1 } else { 2 } { return Vec::new() }
                ResearchObject::ALL.map(|object| DropObject { seat, object, give_to: None }).into()
            })
            .suggest(Suggest::First),
            rule: |ctx| rooms::drop_object(ctx, *seat, *object, *give_to),
        }
        Research { seat: Seat, object: ResearchObject } => {
            spec: on(G::Characters).fields([seat(), field("object", F::ResearchObject)]).entered([E::Weakness]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            offer: Offered::crew(S::Here, 44, |_, seat| ResearchObject::ALL.map(|object| Research { seat, object }).into()),
            rule: |ctx| rooms::research(ctx, *seat, *object),
        }
        PeekRoom { seat: Seat, at: Location } => {
            spec: on(G::Characters).fields([seat(), field("at", F::Location)]).entered([E::Room]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(2),
            offer: Offered::crew(S::Here, 56, |state, seat| every_room(state).map(|at| PeekRoom { seat, at }).collect()),
            rule: |ctx| rooms::peek_room(ctx, *seat, *at),
        }
        /// A Search in the seat's room lowers its Item Counter by one (p. 23).
        SearchRoom { seat: Seat } => {
            spec: on(G::Characters).fields([seat()]).round(),
            seat: Some(*seat),
            stage: Stage::Play,
            play: |_| Play::Action(1),
            offer: Offered::crew(S::Here, 40, |_, seat| vec![SearchRoom { seat }]).suggest(Suggest::EveryRoom),
            rule: |ctx| rooms::search_room(ctx, *seat),
        }

        RevealEngines => {
            spec: on(G::Victory).entered([E::Engine]).explained(),
            seat: None,
            stage: Stage::VictoryCheck,
            play: |_| Play::Correction,
            rule: |ctx| victory::reveal_engines(ctx),
        }
        /// `quarantine`: hibernating seats holding Quarantine, needed only when the objectives are physical.
        RevealCoordinates { #[serde(default)] quarantine: Vec<Seat> } => {
            spec: on(G::Victory).fields([field("quarantine", F::Seats)]).entered([E::Destination]).explained(),
            seat: None,
            stage: Stage::VictoryCheck,
            play: |_| Play::Correction,
            rule: |ctx| victory::reveal_coordinates(ctx, quarantine),
        }
        CheckContamination { seat: Seat } => {
            spec: on(G::Victory).fields([seat()]).entered([E::ContaminationDraw, E::Infected]).explained(),
            seat: Some(*seat),
            stage: Stage::VictoryCheck,
            play: |_| Play::Correction,
            rule: |ctx| victory::check_contamination(ctx, *seat),
        }
        RevealObjective { seat: Seat } => {
            spec: on(G::Victory).fields([seat()]),
            seat: Some(*seat),
            stage: Stage::VictoryCheck,
            play: |_| Play::Correction,
            rule: |ctx| victory::reveal_objective(ctx, *seat),
        }
        /// The table's verdict on a revealed objective: asked with nothing chosen beforehand (a
        /// switch without a starting value), so a verdict is never sent by default. `overrule`:
        /// a "Met" the app's records contradict, confirmed by the table after that refusal,
        /// where a legal play could leave no record (a card taking the Comms Room's or the
        /// Laboratory's Action from another Computer room; `victory::confirmable`).
        /// Old saves never said it and read as not.
        JudgeObjective { seat: Seat, met: bool, #[serde(default, skip_serializing_if = "std::ops::Not::not")] overrule: bool } => {
            spec: on(G::Victory).fields([seat(), field("met", F::Switch)]).explained(),
            seat: Some(*seat),
            stage: Stage::VictoryCheck,
            play: |_| Play::Correction,
            rule: |ctx| victory::judge_objective(ctx, *seat, *met, *overrule),
        }
    } };
}
pub(crate) use commands_of_the_ship;
