//! The Action cards and Items whose Action the engine guides, and what each may do: the cards a
//! player shows at the table, named for the rules and the screens.

use serde::{Deserialize, Serialize};

/// The Action cards and Items whose Action the engine guides (pp. 12–13, 22): the table shows the
/// card, the engine knows its cost and what it may do here. Texts and costs: the manual's two
/// examples (Basic Repairs, p. 13; Bandages, p. 22) and the card reference (graded B).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PlayedCard {
    /// Action card of the Captain, the Soldier and the Scout: 2 more cards (p. 13).
    BasicRepairs,
    /// Action card of the Pilot and the Scientist: 1 more card.
    Repairs,
    /// Action card of the Mechanic: no more cards.
    FastRepairs,
    /// Action card of every character: no more cards.
    Rest,
    /// Item (yellow), kept after use: 1 card.
    Tools,
    /// Item (yellow), one use: 1 card.
    DuctTape,
    /// Item (green), one use: 1 card (p. 22).
    Bandages,
    /// Item (green), one use: 1 card.
    Medkit,
    /// Item (green), one use: 1 card.
    Clothes,
    /// Crafted Item, one use: 1 card.
    Antidote,
    /// Item (red and yellow), one use: 1 card.
    EnergyCharge,
    /// Item (yellow, Heavy), one use: 1 card.
    FireExtinguisher,
    /// Action card of every character: no more cards.
    Demolition,
    /// Action card of the Pilot, the Scientist and the Mechanic: no more cards.
    ComputerSkills,
    /// Action card of the Pilot: no more cards.
    KnowledgeOfTheShip,
    /// Action card of the Scientist: no more cards.
    BlockingAccess,
    /// Action card of the Mechanic: 1 more card.
    Pyrotechnics,
    /// Action card of the Mechanic: no more cards.
    Ingenuity,
    /// Action card of the Scout: 1 more card.
    Scavenging,
    /// Action card of the Captain: no more cards.
    Motivation,
    /// Item (red), one use: 1 card; thrown here or into a neighbouring room.
    Grenade,
    /// Crafted Item, one use: 1 card; thrown here or into a neighbouring room.
    MolotovCocktail,
    /// Crafted Item, one use: 1 card.
    Taser,
    /// Item (green), one use: 1 card.
    SyntheticFood,
    /// Item (red), one use: 1 card.
    SelfDestructKey,
    /// Item (red): 1 card; in an Evacuation Section, the Hatch Control System's effect.
    EvacuationKey,
    /// Item (green), one use: 1 card; scans 1 Contamination card of the hand and removes it.
    Alcohol,
    /// Item (red): 1 card; from a room with a Computer, one Objective card of a character with a
    /// Signal marker seen (rules-deviations 54).
    CommsKey,
}

impl PlayedCard {
    pub const ALL: [PlayedCard; 28] = [
        PlayedCard::BasicRepairs,
        PlayedCard::Repairs,
        PlayedCard::FastRepairs,
        PlayedCard::Rest,
        PlayedCard::Tools,
        PlayedCard::DuctTape,
        PlayedCard::Bandages,
        PlayedCard::Medkit,
        PlayedCard::Clothes,
        PlayedCard::Antidote,
        PlayedCard::EnergyCharge,
        PlayedCard::FireExtinguisher,
        PlayedCard::Demolition,
        PlayedCard::ComputerSkills,
        PlayedCard::KnowledgeOfTheShip,
        PlayedCard::BlockingAccess,
        PlayedCard::Pyrotechnics,
        PlayedCard::Ingenuity,
        PlayedCard::Scavenging,
        PlayedCard::Motivation,
        PlayedCard::Grenade,
        PlayedCard::MolotovCocktail,
        PlayedCard::Taser,
        PlayedCard::SyntheticFood,
        PlayedCard::SelfDestructKey,
        PlayedCard::EvacuationKey,
        PlayedCard::Alcohol,
        PlayedCard::CommsKey,
    ];
}

/// What a played card does, when its card gives a choice ([OR], p. 13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CardEffect {
    /// Discard the Malfunction marker of the character's room (p. 17).
    RepairMalfunction,
    /// Repair or break the Engine of the character's room (p. 26).
    RepairEngine,
    /// Dress 1 Serious Wound (p. 21).
    DressSerious,
    /// Heal 1 dressed Serious Wound (p. 21).
    HealDressed,
    /// Heal every Light Wound (p. 21).
    HealLight,
    /// Discard the Slime marker (p. 17).
    DiscardSlime,
    /// Scan Contamination cards as the card says (p. 20): Rest those in hand, the Antidote every
    /// one, the Alcohol one card of the hand.
    Scan,
    /// Open or close the Door of 1 corridor of the character's room (p. 17).
    ToggleDoor,
    /// Destroy 1 Closed Door of a corridor of the character's room (p. 17).
    DestroyDoor,
    /// Place a Malfunction marker (p. 17): in the character's room, or the room the card names.
    PlaceMalfunction,
    /// Place a Fire marker in the character's room (p. 17).
    StartFire,
    /// Discard the Fire marker of the character's room (p. 17).
    PutOutFire,
    /// 1 Intruder in the character's room retreats (p. 20).
    DriveOffIntruder,
    /// Fill one Energy weapon with Ammo (the weapon and its Ammo are the table's).
    ReloadEnergy,
    /// The room's Item Counter goes down by 1, even from 0; 2 Item cards drawn, 1 kept.
    Scavenge,
    /// Every character in the room draws 1 Action card.
    EveryoneDraws,
    /// Duct Tape: 2 Heavy Items held together in 1 Hand slot (p. 22; not Objects). The cards are
    /// the table's.
    CombineHeavyItems,
    /// Grenade: the chosen Intruder of the room thrown into takes 2 Injuries; every other Intruder
    /// there 1 Injury, every Character there (the thrower too) 1 Serious Wound.
    ThrowGrenade,
    /// Molotov Cocktail: a Fire marker in the room thrown into (one with an Intruder); every
    /// Intruder there 1 Injury, every Character there 1 Serious Wound.
    ThrowMolotov,
    /// Taser: 1 Intruder in the character's room takes 1 Injury and retreats (p. 20).
    StunIntruder,
    /// Synthetic Food: the character draws 2 Action cards.
    DrawTwo,
    /// Self-Destruct Key: from a room with a working Computer, start or stop the Self-Destruct
    /// sequence as the Generator does (p. 24).
    ToggleSelfDestruct,
    /// Taser: another character in the room discards their whole hand (the cards are the table's).
    EmptyHand,
    /// Evacuation Key: 1 Escape Pod locked or unlocked, as the Hatch Control System does (p. 25).
    TogglePodLock,
    /// Comms Key: the holder sees one Objective card of another character with a Signal marker.
    SeeObjective,
}

impl CardEffect {
    pub const ALL: [CardEffect; 25] = [
        CardEffect::RepairMalfunction,
        CardEffect::RepairEngine,
        CardEffect::DressSerious,
        CardEffect::HealDressed,
        CardEffect::HealLight,
        CardEffect::DiscardSlime,
        CardEffect::Scan,
        CardEffect::ToggleDoor,
        CardEffect::DestroyDoor,
        CardEffect::PlaceMalfunction,
        CardEffect::StartFire,
        CardEffect::PutOutFire,
        CardEffect::DriveOffIntruder,
        CardEffect::ReloadEnergy,
        CardEffect::Scavenge,
        CardEffect::EveryoneDraws,
        CardEffect::CombineHeavyItems,
        CardEffect::ThrowGrenade,
        CardEffect::ThrowMolotov,
        CardEffect::StunIntruder,
        CardEffect::DrawTwo,
        CardEffect::ToggleSelfDestruct,
        CardEffect::EmptyHand,
        CardEffect::TogglePodLock,
        CardEffect::SeeObjective,
    ];
}

/// The four Crafted Items (p. 23), each built by the Craft Item Action from 2 Item cards whose blue
/// Component icons match its grey ones. Their cards stay in the blue deck, which nobody draws from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CraftedItem {
    Antidote,
    Taser,
    Flamethrower,
    MolotovCocktail,
}

impl CraftedItem {
    /// In the order p. 23 lists them.
    pub const ALL: [CraftedItem; 4] = [CraftedItem::Antidote, CraftedItem::Taser, CraftedItem::Flamethrower, CraftedItem::MolotovCocktail];
}
