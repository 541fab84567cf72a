//! Where phones reach the table: this machine's addresses they could use, an address with its
//! port, and the QR a phone's camera reads it from.

use crate::protocol::LanAddress;
use std::net::IpAddr;

/// `ip:port`, with an IPv6 address in brackets.
pub fn host_port(ip: IpAddr, port: u16) -> String {
    match ip {
        IpAddr::V4(v4) => format!("{v4}:{port}"),
        IpAddr::V6(v6) => format!("[{v6}]:{port}"),
    }
}

/// The IPv4 addresses phones could reach: network addresses first (private ranges before
/// others), this computer's own loopback last, for trying phones out in a browser here.
pub fn addresses() -> Vec<LanAddress> {
    let mut found: Vec<(u8, LanAddress)> = Vec::new();
    for iface in if_addrs::get_if_addrs().unwrap_or_default() {
        let IpAddr::V4(v4) = iface.ip() else { continue };
        if v4.is_link_local() || v4.is_unspecified() || v4.is_loopback() {
            continue;
        }
        let rank = if v4.is_private() { 0 } else { 1 };
        found.push((rank, LanAddress { ip: v4.to_string(), interface: iface.name.clone(), loopback: false }));
    }
    found.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.ip.cmp(&b.1.ip)));
    found.dedup_by(|a, b| a.1.ip == b.1.ip);
    let mut out: Vec<LanAddress> = found.into_iter().map(|(_, a)| a).collect();
    out.push(LanAddress { ip: "127.0.0.1".into(), interface: "lo".into(), loopback: true });
    out
}

/// The QR of `url` as an SVG document, dark on light whatever the screen's theme, so phone
/// cameras read it in a dim room.
pub fn qr_svg(url: &str) -> Result<String, String> {
    let code = qrcode::QrCode::new(url.as_bytes()).map_err(|e| e.to_string())?;
    Ok(code.render::<qrcode::render::svg::Color>().min_dimensions(220, 220).quiet_zone(true).build())
}
