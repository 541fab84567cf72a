//! The supervisor: owns the runtime the phone server runs on and hands the table its phone
//! server (`lan.rs`), then starts the table's writer (`writer.rs`). The table is the single
//! writer and knows none of them; the doors talk to it by message.

use crate::phones::{Listening, PhoneRules, PhoneServer};
use crate::table::Table;
use crate::writer::{Shared, Writer};
use std::net::IpAddr;

impl Shared {
    /// Supervises `table`, with phones served on the runtime this is called on (none: phones
    /// stay off, as for the script door).
    pub fn new(table: Table) -> Shared {
        Shared::on(table, tokio::runtime::Handle::try_current().ok())
    }

    /// Supervises `table`, with phones served on `runtime`.
    pub fn on(table: Table, runtime: Option<tokio::runtime::Handle>) -> Shared {
        Shared::start(table, runtime.map(|runtime| move |writer: Writer| Box::new(LanServer { writer, runtime }) as Box<dyn PhoneServer>))
    }
}

/// The phone server the supervisor gives the table: `lan.rs` on the supervisor's runtime,
/// sending the table messages through a `Writer`.
struct LanServer {
    writer: Writer,
    runtime: tokio::runtime::Handle,
}

impl PhoneServer for LanServer {
    fn listen(&self, ip: IpAddr, rules: &PhoneRules) -> Result<Listening, String> {
        let running = crate::lan::start(self.writer.clone(), ip, rules, &self.runtime).map_err(|e| e.to_string())?;
        Ok(Listening { ip, port: running.port, url: running.url(), connections: running.connections.clone(), stop: Box::new(running) })
    }
}
