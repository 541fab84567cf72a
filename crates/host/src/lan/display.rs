//! The shared display's routes on the phone server (issue 32, item 5): `POST /api/display` (pair,
//! the box's contents, its language) and `GET /api/display/stream`, the public screen after every
//! step. A display's token proves a display, never a seat: every call it may make is declared in
//! `DisplayCall`, and anything else is refused before the table reads it.

use crate::assets;
use crate::displays::{DisplayCall, DisplayReply};
use crate::http::{self, Closing};
use super::{bearer, device_name, events, pairing, refusal, status_of, with_table, Feed, Lan, MAX_BODY};
use crate::table::Table;
use crate::protocol::{Fault, HostCode};
use axum::body::Body;
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use std::net::{IpAddr, SocketAddr};

pub(super) fn routes() -> Router<Lan> {
    Router::new().route("/api/display", post(display_call)).route("/api/display/stream", get(stream))
}

fn display_refused(fault: Fault) -> Response {
    (status_of(fault.code), Json(DisplayReply::Refused { fault })).into_response()
}

async fn display_call(State(lan): State<Lan>, ConnectInfo(from): ConnectInfo<SocketAddr>, axum::Extension(proof): axum::Extension<http::Proof>, headers: HeaderMap, body: Body) -> Response {
    let body = match http::read_body(body, MAX_BODY, lan.body_time).await {
        Ok(body) => body,
        Err(why) => return (why.status(), Json(DisplayReply::Refused { fault: why.fault() })).into_response(),
    };
    let ip = from.ip();
    let token = bearer(&headers);
    let call: DisplayCall = match serde_json::from_slice(&body) {
        Ok(c) => c,
        // Not a display's call: from a display, refused as such (no Action, no choice, no
        // correction ever reaches the rules from here); from anyone else, unreadable.
        Err(e) => {
            let Some(token) = token else { return refusal(HostCode::BadCall, &format!("That request could not be read ({e}).")) };
            let seen = with_table(&lan.table, move |t| t.display_seen(ip, Some(&token))).await;
            return match seen {
                Ok(Ok(_)) => {
                    proof.prove();
                    display_refused(Fault::new(HostCode::DisplayOnly, "A display shows the table and sends nothing but its language."))
                }
                _ => refusal(HostCode::BadCall, &format!("That request could not be read ({e}).")),
            };
        }
    };
    let gzip = assets::takes_gzip(&headers);
    match call {
        DisplayCall::Pair { code, device } => pair(lan, ip, proof, code, device_name(device)).await,
        call => {
            let answer = with_table(&lan.table, move |t| -> Result<DisplayReply, Fault> {
                let id = t.display_seen(ip, token.as_deref())?;
                match call {
                    DisplayCall::Board { pack } => Ok(DisplayReply::Board { board: nemesis_engine::Content::pack(pack).data.board() }),
                    DisplayCall::Language { language } => {
                        t.displays().set_language(id, &language)?;
                        t.phones_changed();
                        Ok(DisplayReply::Noted)
                    }
                    DisplayCall::Pair { .. } => unreachable!("answered above"),
                }
            })
            .await;
            match answer {
                Ok(Ok(reply)) => {
                    proof.prove();
                    http::json(&reply, gzip)
                }
                Ok(Err(fault)) => display_refused(fault),
                Err(res) => res,
            }
        }
    }
}

/// Spends the display pairing code, then waits (without holding the table) for the table to
/// confirm the display, as a phone's pairing does.
async fn pair(lan: Lan, ip: IpAddr, proof: http::Proof, code: String, device: String) -> Response {
    let ask = move |t: &mut Table| -> Result<_, Fault> {
        t.display_pair_code(ip, &code)?;
        let (id, answer) = t.displays().ask(device, &code);
        Ok(((), id, answer))
    };
    let forget = |t: &mut Table, id| t.displays().drop_ask(id);
    let ((), token) = match pairing(&lan, proof, ask, forget, display_refused, Fault::new(HostCode::NotConfirmed, "The table did not accept this display.")).await {
        Ok(x) => x,
        Err(res) => return res,
    };
    Json(DisplayReply::Paired { token }).into_response()
}

/// The public screen at once and after every step that changed it, until the display is freed
/// or the server stops.
async fn stream(
    State(lan): State<Lan>,
    axum::Extension(closing): axum::Extension<Closing>,
    ConnectInfo(from): ConnectInfo<SocketAddr>,
    axum::Extension(proof): axum::Extension<http::Proof>,
    headers: HeaderMap,
) -> Response {
    let token = bearer(&headers);
    let ip = from.ip();
    let open = move |t: &mut Table| -> Result<_, Fault> {
        let id = t.display_seen(ip, token.as_deref())?;
        let (screens, cut) = t.display_feed(id).ok_or_else(|| Fault::new(HostCode::BadToken, "This display is not paired with the table (any more): scan a new code from the table."))?;
        Ok((id, Feed { screens, cut, event: "screen", revoked: "The table freed this display." }))
    };
    let close = |t: &mut Table, id| t.displays().stream_closed(id);
    events(&lan, closing, proof, &headers, open, close).await
}
