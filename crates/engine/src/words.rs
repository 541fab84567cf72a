//! The log's words: a line's values (`LogParam`), every English template by key, and their
//! rendering. A leaf: it names no other module of the engine, so refusals, hints and the log can
//! all use it without a circle.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A value in a log line: shown as it is (a player's name, a number), or a game term the screen
/// translates (`key` in the catalogues, `en` its English name), or a list of those. A room and a
/// player say what they are, so a screen names the room as the players see it now and finds the
/// player by seat, never by matching a number or a name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum LogParam {
    Text { value: String },
    Number { value: i32 },
    Term { key: String, en: String },
    List { items: Vec<LogParam> },
    /// A room by its number on the board (its English rendering is the number), and how the
    /// line's sentence names it.
    Room {
        value: u8,
        #[serde(default)]
        form: RoomForm,
    },
    /// A player, by seat and name (its English rendering is the name).
    Seat { seat: u8, name: String },
}

/// How a line's sentence names a room, which the line itself decides (issue 30: the screens
/// keep no lists of lines): each screen writes the form in its own language, from the room as it
/// stands on its board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RoomForm {
    /// As it is now, inside the sentence: "the Armory (07)", or "unexplored room 07".
    #[default]
    Now,
    /// As it lay face down, before the line turned it over or peeked at it.
    FaceDown,
    /// By its number alone, where the sentence already says what the room is.
    Number,
    /// On its own, outside a phrase: one end of a corridor ("Cockpit (01)"); a short screen
    /// gives its number alone, as the map prints it.
    Standalone,
    /// Where a move ends, with its own article ("to the Armory (07)").
    To,
    /// Where a move starts, with its own article.
    From,
    /// Where a piece is placed (a Fire or Malfunction marker), with its own article.
    In,
}

impl LogParam {
    pub fn number(n: impl Into<i32>) -> LogParam {
        LogParam::Number { value: n.into() }
    }
    pub fn text(s: impl Into<String>) -> LogParam {
        LogParam::Text { value: s.into() }
    }
    /// A room by its number on the board (`Location`'s), named as it is now.
    pub fn room(at: u8) -> LogParam {
        LogParam::Room { value: at, form: RoomForm::Now }
    }
    /// A room named as the sentence needs it (`RoomForm`).
    pub fn room_as(at: u8, form: RoomForm) -> LogParam {
        LogParam::Room { value: at, form }
    }
    /// A player by seat (`Seat`'s index) and name.
    pub fn seat(seat: u8, name: impl Into<String>) -> LogParam {
        LogParam::Seat { seat, name: name.into() }
    }
    /// A unit enum value as a term of `group` (its serialized name is the catalogue key),
    /// with `en` its English name.
    pub fn of<T: Serialize + std::fmt::Debug>(group: &str, x: &T, en: impl Into<String>) -> LogParam {
        let key = serde_json::to_value(x).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_else(|| format!("{x:?}"));
        LogParam::Term { key: format!("{group}.{key}"), en: en.into() }
    }

    /// The English rendering of this value.
    pub fn english(&self) -> String {
        match self {
            LogParam::Text { value } => value.clone(),
            LogParam::Number { value } => value.to_string(),
            LogParam::Room { value, .. } => value.to_string(),
            LogParam::Seat { name, .. } => name.clone(),
            LogParam::Term { en, .. } => en.clone(),
            LogParam::List { items } => {
                let words: Vec<String> = items.iter().map(LogParam::english).collect();
                match words.len() {
                    0 => String::new(),
                    1 => words[0].clone(),
                    n => format!("{} and {}", words[..n - 1].join(", "), words[n - 1]),
                }
            }
        }
    }
}

/// Every log line's English template, by key. The UI's English catalogue holds the same texts
/// under `log.line.<key>` (a test keeps the two equal); the other catalogues translate them.
pub const TEMPLATES: &[(&str, &str)] = &[
    ("undone", "Step {step} was undone."),
    ("correction", "Correction of step {step}: the table entered the real result."),
    ("on_phone", "From {player}'s phone:"),
    ("game_set_up", "A {players}-player game is set up."),
    ("room_tiles_placed", "Room tiles are placed face down."),
    ("exploration_tokens_placed", "An Exploration token lies face down on each room."),
    ("coordinates_placed", "A Coordinates card lies face down by the Cockpit."),
    ("escape_pods_placed", "Escape Pods are placed, locked: {pods}."),
    ("engines_placed", "Each Engine's two tokens are shuffled face down."),
    ("weaknesses_placed", "Three Weakness cards lie face down."),
    ("bag_filled", "Tokens in the Intruder bag: {count}."),
    ("deck_shuffled", "The {deck} deck is shuffled."),
    ("deck_reshuffled", "The {deck} deck is reshuffled."),
    ("objectives_dealt_private", "Your objectives: {cards}."),
    ("objectives_dealt", "{player} is dealt two objectives."),
    ("draft_offered", "{player} draws {characters}."),
    ("character_kept", "{player} plays the {character}."),
    ("play_started", "Turn 1 begins."),
    ("phase_changed", "Now: {phase}."),
    ("phase_changed_event", "Now: the Event Phase, {step}."),
    ("phase_changed_over", "The game is over: {cause}."),
    ("turn_began", "Turn {turn} begins; {player} holds the First Player token."),
    ("hand_size_set", "{player} holds {cards, plural, one {# card} other {# cards}}."),
    ("round_began", "{player}'s round: up to {actions, plural, one {# Action} other {# Actions}}."),
    ("round_began_again", "{player} goes on with another round, the only one still playing: up to {actions, plural, one {# Action} other {# Actions}}."),
    ("action_taken", "{player} pays {cards, plural, one {# Action card} other {# Action cards}} and has {hand, plural, one {# card} other {# cards}} left."),
    ("round_ended", "{player}'s round ends."),
    ("round_passed", "{player} passes and takes no more Actions this phase."),
    ("round_given", "Correction: the round goes to {player}."),
    ("character_moved", "{player} moves to {room}."),
    ("room_explored", "{room} is the {tile}: {effect}, items: {items}."),
    ("room_explored_slimed", "{room} is the {tile}: Silence, which counts as Danger with a Slime marker (p. 17), items: {items}."),
    ("room_explored_no_malfunction", "{room} is the {tile}: its Exploration token shows a Malfunction, but no Malfunction marker ever goes in this room, so none is placed."),
    ("noise_rolled", "{player} rolls for Noise in {room}: {face}."),
    ("noise_rolled_table", "The table rolls for Noise in {room}: {face}."),
    ("noise_rolled_slimed", "{player} rolls for Noise in {room}: Silence, which counts as Danger with a Slime marker (p. 17)."),
    ("noise_placed", "A Noise marker goes in corridor {corridor}, between {a} and {b}."),
    ("noise_placed_technical", "A Noise marker goes in the Technical Corridors."),
    ("noise_removed", "The Noise marker leaves corridor {corridor}, between {a} and {b}."),
    ("noise_removed_technical", "The Noise marker leaves the Technical Corridors."),
    ("door_changed", "The door between {a} and {b} is now {state}."),
    ("fire_placed", "Fire in {room}."),
    ("fire_removed", "The Fire in {room} is out."),
    ("malfunction_placed", "Malfunction in {room}."),
    ("malfunction_removed", "{room} is repaired."),
    ("items_set", "{room} now holds items: {items}."),
    ("items_searched", "{player} searches {room}: draw 2 cards from the {deck}, keep 1 in secret and put the other face down at the bottom of that deck."),
    ("items_searched_white", "{player} searches {room}, a white room: choose the red, yellow or green Item deck, draw 2 cards from it, keep 1 in secret and put the other face down at the bottom of that deck."),
    ("dice_rolled", "Dice: {faces}."),
    ("encounter", "Encounter! {player} in {room}."),
    ("token_drawn_encounter", "Drawn from the bag for the Encounter: {token}."),
    ("token_drawn_development", "Drawn from the bag for bag development: {token}."),
    ("token_drawn_summoning", "Drawn from the bag for the Summoning: {token}."),
    ("bag_empty", "The Intruder bag is empty: nothing is drawn."),
    ("token_returned", "The {token} token goes back into the bag."),
    ("token_to_supply", "The {token} token leaves the bag."),
    ("token_added", "One {token} token is added to the bag."),
    ("intruder_placed", "An Intruder appears in {room}: {kind}."),
    ("intruder_moved", "Intruder #{id} moves to {room}."),
    ("intruder_moved_from", "{kind} #{id} moves from {from} through corridor {corridor} to {room}."),
    ("intruder_left", "Intruder #{id} disappears into the ducts; its token returns to the bag."),
    ("intruder_killed", "Intruder #{id} is killed."),
    ("intruder_injured", "Intruder #{id} takes Injuries: {injuries}."),
    ("intruder_healed", "Intruder #{id} heals Injuries: {injuries}."),
    ("intruder_transformed", "Intruder #{id} becomes a {kind}."),
    ("infested", "A Larva infests {player}."),
    ("surprise_attack", "Surprise Attack on {player}: token {back} against {hand, plural, one {# card} other {# cards}}."),
    ("no_surprise_attack", "No Surprise Attack: token {back} against {hand, plural, one {# card} other {# cards}} in {player}'s hand, not fewer than the token's number."),
    ("attack_card", "{kind} #{id} attacks {player}: Intruder Attack card {card}."),
    ("ammo_spent_own", "{player} takes 1 Ammo token off their {weapon}'s card (the table counts the Ammo, not the app: a weapon with none left cannot Shoot)."),
    ("ammo_spent_carried", "{player} takes 1 Ammo token off the card of the weapon they fired (the table counts the Ammo, not the app: a weapon with none left cannot Shoot)."),
    ("shot_hit", "{player} shoots Intruder #{id}: {face}, Injuries dealt: {injuries}."),
    ("shot_missed", "{player} shoots at Intruder #{id} and misses: the die shows {face}, which does not hurt this Intruder."),
    ("shot_missed_small", "{player} shoots at Intruder #{id}: the die shows the Larva/Creeper symbol, which hits only a Larva or a Creeper, so it is a miss."),
    ("shot_missed_adult", "{player} shoots at Intruder #{id}: the die shows the Adult symbol, which hits only a Larva, a Creeper or an Adult, so it is a miss."),
    ("eggs_shot", "{player} shoots at the Eggs: {face}, Eggs hit: {count}."),
    ("eggs_shot_missed", "{player} shoots at the Eggs and misses: the die shows {face}, and an Egg is hit only by a Hit face."),
    ("eggs_struck", "{player} strikes at the Eggs: {face}, Eggs hit: {count}."),
    ("eggs_struck_missed", "{player} strikes at the Eggs and misses: the die shows {face}, and an Egg is hit only by a Hit face (a miss on Eggs costs no wound and no Contamination card)."),
    ("melee_hit", "{player} strikes Intruder #{id} in melee: {face}, Injuries dealt: {injuries}."),
    ("melee_missed", "{player} strikes at Intruder #{id} in melee and misses: the die shows {face}, which does not hurt this Intruder; the Intruder wounds them."),
    ("melee_missed_small", "{player} strikes at Intruder #{id} in melee: the die shows the Larva/Creeper symbol, which hits only a Larva or a Creeper, so it is a miss and the Intruder wounds {player}."),
    ("melee_missed_adult", "{player} strikes at Intruder #{id} in melee: the die shows the Adult symbol, which hits only a Larva, a Creeper or an Adult, so it is a miss and the Intruder wounds {player}."),
    ("attack_missed", "The attack on {player} misses."),
    ("injury_card", "Injury check of {kind} #{id}: a card is drawn for its blood only, {blood}."),
    ("injury_card_retreat", "Injury check of {kind} #{id}: a card is drawn for its blood only, a Retreat arrow."),
    ("endurance_dies", "Injury check: {kind} #{id} has {injuries, plural, one {# Injury} other {# Injuries}} and the blood is {blood}: it dies."),
    ("endurance_dies_two", "Injury check: {kind} #{id} has {injuries, plural, one {# Injury} other {# Injuries}}; a Breeder or the Queen draws two cards and adds their blood, {blood}: it dies."),
    ("endurance_retreats", "Injury check: a Retreat arrow on a card drawn, so {kind} #{id} flees."),
    ("endurance_retreats_two", "Injury check: a Breeder or the Queen draws two cards, and a Retreat arrow on one of them makes {kind} #{id} flee."),
    ("endurance_survives", "Injury check: {kind} #{id} has {injuries, plural, one {# Injury} other {# Injuries}} and the blood is {blood}, higher: it lives on."),
    ("endurance_survives_two", "Injury check: {kind} #{id} has {injuries, plural, one {# Injury} other {# Injuries}}; a Breeder or the Queen draws two cards and adds their blood, {blood}, higher: it lives on."),
    ("endurance_larva", "Injury check: one Injury kills a Larva, so {kind} #{id} dies."),
    ("light_wounds", "{player} has Light Wounds: {light}."),
    ("light_wounds_fire", "The Fire in {player}'s room wounds them at the end of the round: Light Wounds {light}."),
    ("light_wounds_bleeding", "{player}'s Bleeding wound costs a Light Wound on passing: Light Wounds {light}."),
    ("serious_wound", "{player} suffers a Serious Wound: {card}."),
    ("serious_wound_fire", "The Fire in {player}'s room wounds them at the end of the round: a third Light Wound becomes a Serious Wound, {card}."),
    ("serious_wound_bleeding", "{player}'s Bleeding wound costs a Light Wound on passing: a third Light Wound becomes a Serious Wound, {card}."),
    ("wound_dressed", "{player} dresses a Serious Wound."),
    ("wound_healed", "{player} heals a Serious Wound."),
    ("character_died", "{player} dies ({cause})."),
    ("died_with_ship", "{player} dies with the ship."),
    ("intruder_player_joined", "{player} now plays the Intruders: from the next turn they draw Intruder Action cards, and the Event Phase keeps only the Time track and Fire damage."),
    ("attack_cards_offered", "{player} draws Intruder Attack cards for Intruder #{id}'s attack on {target} and chooses one of them. Cards drawn: {count}."),
    ("attack_cards_offered_private", "You drew for Intruder #{id}'s attack on {target}: {cards}. Choose the one it resolves."),
    ("attack_card_chosen", "{player} chooses an Intruder Attack card: {card}. Cards put back at the bottom of the deck: {count}."),
    ("attack_card_chosen_private", "You chose {card}; at the bottom of the Intruder Attack deck: {rest}."),
    ("first_death_settled", "Those characters died together: {player}, with the lowest player number, counts as the first death."),
    ("character_revived", "{player} is revived in {room}: Light Wounds gone, Serious Wounds dressed."),
    ("slime_on", "{player} is covered in Slime."),
    ("slime_off", "{player} is clean of Slime."),
    ("signal", "{player} sends the Signal."),
    ("larva_on", "{player} carries a Larva."),
    ("larva_off", "{player} is rid of the Larva."),
    ("contamination_removed_private", "C-{card} leaves your cards and the game: put that Contamination card back in the box."),
    ("contamination_shuffled_in_private", "You get Contamination card C-{card}: shuffle it into your Action deck with your discard pile, as the Antidote says; your hand stays."),
    ("contamination_given_private", "You get Contamination card C-{card}: put it on top of your Action discard pile (p. 20)."),
    ("contamination_picked_private", "{count, plural, one {The app scans # Contamination card for you} other {The app scans # Contamination cards for you}}: {cards}. Your cards carry no number, so you only count them."),
    ("contamination_given", "{player} gets a Contamination card."),
    ("contamination_scanned_infected_private", "C-{card} scanned: INFECTED."),
    ("contamination_scanned_clean_private", "C-{card} scanned: not infected."),
    ("contamination_scanned", "{player} scans a Contamination card."),
    ("contamination_removed", "{player} removes a Contamination card."),
    ("contamination_empty", "No Contamination card is left for {player}."),
    ("engine_checked_private", "Engine {engine}: {status}."),
    ("engine_checked", "{player} checks Engine {engine}."),
    ("engine_in_hand_private", "Engine {engine}: the top token is {status}."),
    ("engine_repair", "{player} takes Engine {engine}'s tokens."),
    ("engine_order_private", "You put {status} on top of Engine {engine}."),
    ("engine_order_changed", "{player} puts Engine {engine}'s tokens back and, as the rule asks every player to (p. 26), says the order changed."),
    ("engine_order_unchanged", "{player} puts Engine {engine}'s tokens back and, as the rule asks every player to (p. 26), says the order is unchanged."),
    ("coordinates_private", "Coordinates: A {a}, B {b}, C {c}, D {d}."),
    ("coordinates_checked", "{player} checks the Coordinates."),
    ("destination_set", "The Destination marker moves to {letter}."),
    ("self_destruct_started", "Self-Destruct sequence started!"),
    ("self_destruct_stopped", "Self-Destruct sequence stopped."),
    ("self_destruct_advanced", "The Self-Destruct marker moves to space {to}."),
    ("self_destruct_advanced_far", "The Self-Destruct marker moves {spaces, plural, one {# space} other {# spaces}}, from space {from} to space {to}."),
    ("self_destruct_critical", "Self-Destruct reaches yellow: it can no longer be stopped."),
    ("time_advanced", "The Time marker moves to space {to}."),
    ("time_advanced_far", "The Time marker moves {spaces, plural, one {# space} other {# spaces}}, from space {from} to space {to}."),
    ("hibernation_opened", "The hibernation chambers are open."),
    ("pod_locked", "Escape Pod {pod} is locked."),
    ("pod_unlocked", "Escape Pod {pod} is unlocked."),
    ("pods_unlocked", "Every Escape Pod unlocks ({reason})."),
    ("entered_pod", "{player} boards Escape Pod {pod}."),
    ("pod_entry_failed", "{player} fails to get into Escape Pod {pod}: the miniature stays in the room."),
    ("left_pod", "{player} leaves the Escape Pod."),
    ("pod_launched", "Escape Pod {pod} launches!"),
    ("pod_ejected", "Escape Pod {pod} is ejected empty."),
    ("hibernated", "{player} hibernates."),
    ("hibernation_failed", "{player} fails to get into a hibernation chamber: the miniature stays in the Hibernatorium."),
    ("first_encounter", "First Encounter: every player now keeps one objective."),
    ("objective_chosen_private", "You keep: {card}."),
    ("objective_chosen_table_private", "You keep the objective card you hold."),
    ("objective_chosen", "{player} chooses an objective."),
    ("objective_seen_private", "You see one of {player}'s Objective cards: {card}."),
    ("objective_seen", "{player} looks at one of {other}'s Objective cards with the Comms Key."),
    ("egg_taken", "{player} takes an Egg."),
    ("fire_control", "{player} starts the Fire Control procedure on {room}: its Fire goes out and the Intruders there run away."),
    ("fire_control_fire_only", "{player} starts the Fire Control procedure on {room}: its Fire goes out; no Intruder is there to run away."),
    ("fire_control_no_fire", "{player} starts the Fire Control procedure on {room}: it has no Fire, so only the Intruders there run away."),
    ("hand_scan_asked", "{player} scans the Contamination cards in their hand: their phone asks how many they hold."),
    ("alcohol_scan_asked", "{player} scans 1 Contamination card from their hand: its result shows on their phone once they press Scan."),
    ("antidote_scan_asked", "{player}'s Antidote scans every Contamination card they have: their phone asks how many are in their hand, then shows the results to them alone."),
    ("weapon_recharged", "{player} recharges an Energy weapon in the Armory."),
    ("storage_draw", "{player} searches the Storage: 2 cards from the {deck}."),
    ("item_crafted", "{player} crafts an Item: {item}."),
    ("card_played", "{player} plays the Action card {card}."),
    ("item_used", "{player} uses the Item {card}."),
    ("item_kept", "{player} uses the Item {card} and keeps it."),
    ("weapon_filled", "{player} fills an Energy weapon with Ammo."),
    ("item_discarded_for_fire", "{player} discards an Item card to start the Fire."),
    ("scavenged", "{player} scavenges the room: 2 Item cards of its colour."),
    ("everyone_draws", "Every character in {player}'s room draws 1 Action card."),
    ("heavy_items_taped", "{player} tapes 2 Heavy Items together: they take 1 Hand slot."),
    ("two_action_cards_drawn", "{player} draws 2 Action cards from their Action deck."),
    ("whole_hand_discarded", "{player} discards every card of their hand."),
    ("contamination_shuffled_in", "{player} shuffles the new Contamination card into their Action deck with the discard pile, keeps their hand, and passes."),
    ("airlock_started", "{player} starts the Emergency Airlock Procedure: every Door of {room} closes."),
    ("airlock_cancelled", "A Door of {room} opened: the Airlock Procedure stops."),
    ("airlock_vented", "The Airlock of {room} opens to space: everything in it dies."),
    ("object_left", "An Object lies in {room}: {object}."),
    ("corpse_left", "{player}'s Corpse lies in {room}."),
    ("object_picked_up", "{player} picks up an Object: {object}."),
    ("object_dropped", "{player} drops an Object: {object}."),
    ("eggs_dropped", "{player} drops Eggs: {count}."),
    ("object_dropped_dying", "Dying, {player} drops a Heavy Object in the room: {object}."),
    ("eggs_dropped_dying", "Dying, {player} drops the Eggs they carried in the room: {count}."),
    ("nest_eggs_destroyed", "Eggs destroyed in the Nest: {count}."),
    ("room_eggs_destroyed", "Eggs destroyed in {room}: {count}."),
    ("egg_added", "An Egg is added to the Nest."),
    ("nest_destroyed", "The Nest is destroyed."),
    ("weakness", "Weakness discovered: {card}."),
    ("room_peeked_private", "You peek at {room}: the {tile}, {effect}, items: {items}."),
    ("room_peeked", "{player} looks at {room}."),
    ("room_peeked_at_table", "{player} secretly looks at the face-down tile and Exploration token of {room}."),
    ("event_card", "Event: {card} (corridor {corridor})."),
    ("event_card_retreat", "Event card for the Retreat: {card} (corridor {corridor})."),
    ("event_resolved", "{card} is resolved."),
    ("event_discarded", "{card} goes to the Event discard pile: it was drawn only for its corridor number."),
    ("eclosion_draw", "Eclosion: {player} draws 4 cards from their Action deck, scans any Contamination card among them on their own device (one INFECTED gives a Larva), then discards the 4."),
    ("eclosion_draw_none", "Eclosion: {player} draws 4 cards from their Action deck and discards them; they hold no Contamination card, so there is nothing to scan."),
    ("eclosion_draw_yours", "Eclosion: draw 4 cards from your Action deck. If any of your {count, plural, one {# Contamination card is} other {# Contamination cards are}} among them, scan those here (Scan, Look): one INFECTED gives you a Larva. Then discard the 4."),
    ("no_intruder_attacks", "No Intruder shares a room with a character: no Intruder attacks."),
    ("no_fire_damage", "No Intruder and no uncarried Egg is in a room with Fire: the Fire damages nothing."),
    ("technical_noise_nobody", "Noise already lies in the Technical Corridors: each character in a room with a Technical Corridor entrance would roll for Noise, and none is in such a room."),
    ("technical_noise_rolls", "Noise already lies in the Technical Corridors: each character in a room with a Technical Corridor entrance rolls for Noise: {players}."),
    ("event_idle", "{card} finds nothing to change now: no Intruder moves and no marker, miniature or card changes."),
    ("game_ended", "The game ends: {cause}."),
    ("ship_destroyed", "The ship is destroyed."),
    ("victory_step", "Victory check: {step}."),
    // The end of the game, one cause said once (p. 11), then where the victory check goes next.
    ("game_ended_fire", "The game ends: a ninth Fire marker was needed, so the ship burns and is destroyed with everyone aboard."),
    ("game_ended_malfunction", "The game ends: a ninth Malfunction marker was needed, so the hull gives way and the ship is destroyed with everyone aboard."),
    ("game_ended_self_destruct", "The game ends: the Self-Destruct marker reaches the skull and the ship explodes with everyone aboard."),
    ("game_ended_jump", "The game ends: the Time marker reaches the last space and the ship jumps; everyone aboard who is not hibernating dies."),
    ("game_ended_jump_destroyed", "The game ends: the ship jumps with the Self-Destruct sequence still running and is destroyed with everyone aboard."),
    ("game_ended_nobody_left_self_destruct", "The game ends: with no one left awake aboard, the Self-Destruct marker goes to the skull and the ship explodes."),
    ("game_ended_nobody_left_jump", "The game ends: with no one left awake aboard, the Time marker goes to the last space and the ship jumps."),
    ("victory_next_engines", "Victory check, first: the top Engine tokens."),
    ("victory_next_coordinates", "Victory check, next: the Coordinates card and the Destination."),
    ("victory_next_contamination", "Victory check, next: each survivor's Contamination check."),
    ("victory_next_objectives", "Victory check, next: each survivor reveals their objective."),
    ("victory_over", "The victory check is over: the debrief says who won and why."),
    ("victory_nobody", "Nobody survived: the victory check ends here, and nobody wins."),
    ("engines_revealed", "Engines: {engines}."),
    ("coordinates_revealed", "The ship is headed to {destination}."),
    ("contamination_clean", "{player} scans all {count, plural, one {# Contamination card} other {# Contamination cards}} they own (Action deck, discard pile and hand): none is INFECTED, so {player} survives the check."),
    ("contamination_none", "{player} owns no Contamination card and has no Larva: nothing to scan, and {player} survives the check."),
    ("contamination_lucky", "{player}'s scan shows an INFECTED card: all their cards, Action and Contamination, are shuffled and 4 are drawn; none is a Contamination card, so {player} is lucky and survives."),
    ("contamination_dies", "{player}'s scan shows an INFECTED card: all their cards, Action and Contamination, are shuffled and 4 are drawn; {drawn, plural, one {# of them is a Contamination card} other {# of them are Contamination cards}}, so {player} dies."),
    ("contamination_larva_lucky", "{player} has a Larva on their board, so nothing is scanned: all their cards, Action and Contamination, are shuffled and 4 are drawn; none is a Contamination card, so {player} is lucky and survives."),
    ("contamination_larva_dies", "{player} has a Larva on their board, so nothing is scanned: all their cards, Action and Contamination, are shuffled and 4 are drawn; {drawn, plural, one {# of them is a Contamination card} other {# of them are Contamination cards}}, so {player} dies."),
    ("died_hibernating", "{player} dies in hibernation ({cause})."),
    ("objective_revealed", "{player}'s objective: {card}."),
    ("objective_revealed_table", "{player}'s objective: the card on the table."),
    ("objective_met", "{player} met the objective."),
    ("objective_not_met", "{player} did not meet the objective."),
];

/// The English template for `key` (every key the log uses is in `TEMPLATES`; a test checks).
pub fn template(key: &str) -> &'static str {
    TEMPLATES.iter().find(|(k, _)| *k == key).map(|(_, t)| *t).unwrap_or("")
}

/// Fills a template's `{name}` placeholders with the English rendering of each value, and each
/// count written with plural forms, `{n, plural, one {# card} other {# cards}}`, with its English
/// form (`one` for 1, an `=N` branch for exactly N, else `other`; `#` is the number), so the
/// engine's English says "1 card" as the screens do (issue 33).
pub fn render(template: &str, params: &BTreeMap<String, LogParam>) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        if let Some((name, branches, next)) = plural_form(after) {
            match params.get(name) {
                Some(p) => out.push_str(&render(&english_branch(branches, p).replace('#', &p.english()), params)),
                None => out.push_str(&rest[open..rest.len() - next.len()]),
            }
            rest = next;
            continue;
        }
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                match params.get(name) {
                    Some(p) => out.push_str(&p.english()),
                    None => out.push_str(&rest[open..open + close + 2]),
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// `text` just after a `{`: when it opens a plural form, its count's name, its branches' text
/// and what follows the form's closing brace.
fn plural_form(text: &str) -> Option<(&str, &str, &str)> {
    let (name, body) = text.split_once(',')?;
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let body = body.trim_start().strip_prefix("plural,")?;
    let close = closing(body, 1)?;
    Some((name, &body[..close], &body[close + 1..]))
}

/// The index of the brace that closes a group `depth` levels deep at the start of `text`.
fn closing(text: &str, mut depth: usize) -> Option<usize> {
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The branch of a plural form English takes for `count`: `=N` when it is exactly N, `one` for 1,
/// else `other` (empty when the form has none).
fn english_branch<'a>(mut branches: &'a str, count: &LogParam) -> &'a str {
    let n = match count {
        LogParam::Number { value } => Some(*value),
        LogParam::Text { value } => value.parse().ok(),
        _ => None,
    };
    let (mut one, mut other, mut exact) = (None, None, None);
    while let Some(open) = branches.find('{') {
        let selector = branches[..open].trim();
        let Some(close) = closing(&branches[open + 1..], 1) else { break };
        let body = &branches[open + 1..open + 1 + close];
        match selector {
            "one" => one = Some(body),
            "other" => other = Some(body),
            s => {
                if s.strip_prefix('=').and_then(|v| v.parse::<i32>().ok()).is_some_and(|v| Some(v) == n) {
                    exact = Some(body);
                }
            }
        }
        branches = &branches[open + 1 + close + 1..];
    }
    exact.or(if n == Some(1) { one } else { None }).or(other).unwrap_or("")
}
