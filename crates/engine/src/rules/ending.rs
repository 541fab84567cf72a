//! The end of the game (p. 11): when nobody awake is left, when the ship is lost or jumps; who dies
//! with it, and the first step of the victory check. Calls no other chapter.

use super::ctx::Ctx;
use crate::event::*;
use crate::ids::*;
use crate::state::*;

/// When nobody awake is left on board, the game ends (p. 11): the Self-Destruct marker goes to the
/// skull if the sequence runs, otherwise the Time marker to the red space.
pub(super) fn last_awake_check(ctx: &mut Ctx) {
    if ctx.state.is_over() || ctx.state.phase == Phase::Draft {
        return;
    }
    if ctx.state.seats.iter().any(|(_, s)| s.life.is_awake_on_board()) {
        return;
    }
    if let Some(p) = ctx.state.self_destruct {
        let end = ctx.content.data.self_destruct_track.moves;
        if p < end {
            ctx.emit(Event::SelfDestructAdvanced { to: end, from: Some(p) });
        }
        finish(ctx, EndCause::SelfDestruct, true);
    } else {
        let end = ctx.content.data.time_track.moves;
        if ctx.state.time < end {
            ctx.emit(Event::TimeAdvanced { to: end, from: Some(ctx.state.time) });
        }
        finish(ctx, EndCause::Jump, true);
    }
}

/// The end of the game (p. 11): who dies with it, then the first step of the victory check.
pub(super) fn end_game(ctx: &mut Ctx, cause: EndCause) {
    finish(ctx, cause, false);
}

/// The end by `cause`; `nobody_left`: because no character was left awake aboard (p. 11).
fn finish(ctx: &mut Ctx, cause: EndCause, nobody_left: bool) {
    if ctx.state.is_over() {
        return;
    }
    let destroyed = match cause {
        EndCause::Jump => ctx.state.self_destruct.is_some(),
        _ => true,
    };
    let seats: Vec<Seat> = ctx.state.seats.seats().collect();
    for seat in seats {
        let life = ctx.state.seats[seat].life;
        let dies = match life {
            Life::Awake | Life::InPod(_) => true,
            Life::Hibernating => destroyed,
            Life::Escaped | Life::Dead => false,
        };
        if dies {
            let why = if destroyed { DeathCause::ShipExploded } else { DeathCause::Jump };
            ctx.emit(Event::CharacterDied { seat, cause: why });
        }
    }
    if destroyed {
        ctx.emit(Event::ShipDestroyed);
    }
    ctx.emit(Event::GameEnded { cause, nobody_left });
    let step = if !survivors(ctx).is_empty() {
        if destroyed {
            VictoryStep::Contamination
        } else {
            VictoryStep::Engines
        }
    } else {
        VictoryStep::Done
    };
    if step != VictoryStep::Engines {
        ctx.emit(Event::VictoryStepReached { step });
    }
}

pub(super) fn survivors(ctx: &Ctx) -> Vec<Seat> {
    ctx.state.turn_order().into_iter().filter(|s| matches!(ctx.state.seats[*s].life, Life::Hibernating | Life::Escaped)).collect()
}
