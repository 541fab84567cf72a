//! What each event says about chance and secrets: whether it records a random outcome, where
//! that outcome came from, and which seat alone may see it.

use super::*;

/// Where an outcome of chance comes from, so the journal can tell the app's own results (which
/// stand) from the results the table read off its physical components (which it may correct).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chance {
    /// Rolled, drawn at random or shuffled: with the generator when the app holds the component
    /// (replaying the step would come out differently), read at the table otherwise.
    Drawn(Component),
    /// Turned over from a pile in the order it already has (a deck's top card, the face-down tile
    /// and token of a room): when the app holds the pile, replaying the step turns over the same.
    Revealed(Component),
    /// The end-of-game draw from a character's own cards (p. 11): entered by the table, or drawn
    /// by the app when nothing is entered. No `Component` holds a player's Action cards.
    PlayersCards,
}

fn deck_component(deck: DeckKind) -> Component {
    match deck {
        DeckKind::Event => Component::EventDeck,
        DeckKind::Attack => Component::AttackDeck,
        DeckKind::SeriousWound => Component::SeriousWoundDeck,
        DeckKind::Contamination => Component::ContaminationDeck,
    }
}

/// What one event records besides its facts: an outcome of chance, and a secret shown to one seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Nature {
    chance: Option<Chance>,
    private_to: Option<Seat>,
}

fn drawn(c: Component) -> Nature {
    Nature { chance: Some(Chance::Drawn(c)), private_to: None }
}

fn revealed(c: Component) -> Nature {
    Nature { chance: Some(Chance::Revealed(c)), private_to: None }
}

fn private(seat: &Seat) -> Nature {
    Nature { chance: None, private_to: Some(*seat) }
}

impl Event {
    /// Whether this event records an outcome of chance (undo never steps back across one).
    pub fn is_random(&self) -> bool {
        self.chance().is_some()
    }

    /// The chance this event records, and where it came from; `None` for a plain fact.
    pub fn chance(&self) -> Option<Chance> {
        self.nature().chance
    }

    /// Whether this event shows a secret to one seat (undo never steps back across one).
    pub fn is_private_reveal(&self) -> bool {
        self.private_to().is_some()
    }

    /// The seat a private reveal goes to (only that seat's view and log show what it was).
    pub fn private_to(&self) -> Option<Seat> {
        self.nature().private_to
    }

    /// Every event classified once: an exhaustive match without a catch-all, so a new event must
    /// say here whether it records chance or a secret before it compiles.
    fn nature(&self) -> Nature {
        match self {
            // Shuffles, rolls and random draws: the generator's when the app holds the component.
            Event::GameSetUp { .. } => drawn(Component::HelpCards),
            Event::RoomTilesPlaced { .. } => drawn(Component::RoomTiles),
            Event::ExplorationTokensPlaced { .. } => drawn(Component::ExplorationTokens),
            Event::CoordinatesPlaced { .. } => drawn(Component::Coordinates),
            Event::EscapePodsPlaced { .. } => drawn(Component::EscapePods),
            Event::EnginesPlaced { .. } => drawn(Component::Engines),
            Event::WeaknessesPlaced { .. } => drawn(Component::Weaknesses),
            Event::BagFilled { .. } | Event::TokenDrawn { .. } | Event::TokenAddedToBag { .. } => drawn(Component::IntruderBag),
            Event::DeckShuffled { deck, .. } | Event::DeckReshuffled { deck, .. } => drawn(deck_component(*deck)),
            Event::ContaminationPrepared { .. } => drawn(Component::ContaminationDeck),
            Event::DraftOffered { .. } => drawn(Component::CharacterDraft),
            Event::NoiseRolled { .. } | Event::DiceRolled { .. } | Event::CharacterAttacked { .. } | Event::EggsAttacked { .. } => drawn(Component::Dice),
            // Turned over in the order the pile already has.
            Event::RoomExplored { .. } => revealed(Component::ExplorationTokens),
            Event::AttackCardDrawn { .. } => revealed(Component::AttackDeck),
            // The Intruder player's cards: drawn from the deck, seen only by them.
            Event::AttackCardsOffered { seat, .. } => Nature { private_to: Some(*seat), ..revealed(Component::AttackDeck) },
            Event::SeriousWoundDrawn { .. } => revealed(Component::SeriousWoundDeck),
            Event::ContaminationGiven { .. } => revealed(Component::ContaminationDeck),
            Event::EventCardDrawn { .. } => revealed(Component::EventDeck),
            Event::ContaminationChecked { .. } => Nature { chance: Some(Chance::PlayersCards), private_to: None },
            // The app's generator picks, whoever holds the deck; its holder alone reads which.
            Event::ContaminationPicked { seat, .. } => Nature { private_to: Some(*seat), ..drawn(Component::ContaminationDeck) },
            // Secrets shown to one seat.
            Event::ObjectivesDealt { seat, .. }
            | Event::EngineChecked { seat, .. }
            | Event::EngineRepairBegun { seat, .. }
            | Event::CoordinatesChecked { seat, .. }
            | Event::ContaminationScanned { seat, .. }
            | Event::RoomPeeked { seat, .. }
            // Choosing an objective the app holds: keeping a choice takes it out of undo's
            // reach, so nobody can probe a player's objectives by trying keys and undoing.
            | Event::ObjectiveChosen { seat, objective: Some(_) } => private(seat),
            // Plain facts.
            Event::ObjectiveChosen { objective: None, .. }
            | Event::CharacterKept { .. }
            | Event::PlayStarted
            | Event::PhaseChanged { .. }
            | Event::TurnBegan { .. }
            | Event::HandSizeSet { .. }
            | Event::CharacterMoved { .. }
            | Event::NoisePlaced { .. }
            | Event::NoiseRemoved { .. }
            | Event::DoorChanged { .. }
            | Event::FirePlaced { .. }
            | Event::FireRemoved { .. }
            | Event::MalfunctionPlaced { .. }
            | Event::MalfunctionRemoved { .. }
            | Event::ItemsSet { .. }
            | Event::ItemsSearched { .. }
            | Event::AmmoSpent { .. }
            | Event::EncounterBegan { .. }
            | Event::BagWasEmpty { .. }
            | Event::TokenReturned { .. }
            | Event::TokenToSupply { .. }
            | Event::IntruderPlaced { .. }
            | Event::IntruderMoved { .. }
            | Event::IntruderLeftBoard { .. }
            | Event::IntruderKilled { .. }
            | Event::IntruderInjured { .. }
            | Event::IntruderHealed { .. }
            | Event::IntruderTransformed { .. }
            | Event::CharacterInfested { .. }
            | Event::SurpriseAttack { .. }
            | Event::NoSurpriseAttack { .. }
            | Event::AttackMissed { .. }
            | Event::EnduranceChecked { .. }
            | Event::LightWoundsSet { .. }
            | Event::SeriousWoundDressed { .. }
            | Event::SeriousWoundHealed { .. }
            | Event::CharacterDied { .. }
            | Event::CharacterRevived { .. }
            | Event::IntruderPlayerJoined { .. }
            | Event::FirstDeathSettled { .. }
            | Event::AttackCardChosen { .. }
            | Event::SlimeSet { .. }
            | Event::SignalSent { .. }
            | Event::LarvaSet { .. }
            | Event::ContaminationRemoved { .. }
            | Event::ContaminationDeckEmpty { .. }
            | Event::EngineOrderSet { .. }
            | Event::EngineOrderReported { .. }
            | Event::DestinationSet { .. }
            | Event::SelfDestructStarted
            | Event::SelfDestructStopped
            | Event::SelfDestructAdvanced { .. }
            | Event::SelfDestructCritical
            | Event::TimeAdvanced { .. }
            | Event::HibernationOpened
            | Event::PodLockSet { .. }
            | Event::PodsUnlocked { .. }
            | Event::CharacterEnteredPod { .. }
            | Event::CharacterLeftPod { .. }
            | Event::PodLaunched { .. }
            | Event::PodEjected { .. }
            | Event::CharacterHibernated { .. }
            | Event::HibernationFailed { .. }
            | Event::PodEntryFailed { .. }
            | Event::FirstEncounter
            | Event::EggTaken { .. }
            | Event::EggsDropped { .. }
            | Event::NestEggsDestroyed { .. }
            | Event::RoomEggsDestroyed { .. }
            | Event::EggAdded
            | Event::NestDestroyed
            | Event::WeaknessRevealed { .. }
            | Event::EventCardResolved { .. }
            | Event::EventCardDiscarded { .. }
            | Event::EclosionDraw { .. }
            | Event::EventCardIdle { .. }
            | Event::TechnicalNoiseRolls { .. }
            | Event::EventStepIdle { .. }
            | Event::GameEnded { .. }
            | Event::ShipDestroyed
            | Event::VictoryStepReached { .. }
            | Event::EnginesRevealed { .. }
            | Event::CoordinatesRevealed { .. }
            | Event::ObjectiveRevealed { .. }
            | Event::RoundBegan { .. }
            | Event::ActionTaken { .. }
            | Event::RoundEnded { .. }
            | Event::RoundGiven { .. }
            | Event::ObjectLeft { .. }
            | Event::ObjectPickedUp { .. }
            | Event::ObjectDropped { .. }
            | Event::AirlockStarted { .. }
            | Event::AirlockEnded { .. }
            | Event::FireControlUsed { .. }
            | Event::TableDoes { .. }
            | Event::HandScanDue { .. }
            | Event::ScanAsked { .. }
            | Event::ObjectiveSeen { .. }
            | Event::ScanAnswered { .. }
            | Event::ObjectiveJudged { .. } => Nature::default(),
        }
    }
}
