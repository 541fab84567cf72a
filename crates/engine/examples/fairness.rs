//! The fairness report: a million draws from the Intruder bag, shuffles of the Event deck and
//! rolls of each die, each tested against the distribution the box promises, written to
//! docs/fairness.md so a sceptical player can check the app is not rigged.
//! Run: `cargo run --release -p nemesis-engine --example fairness` (N=… to change the count).

use nemesis_engine::content::Content;
use nemesis_engine::event::Event;
use nemesis_engine::{apply, Actor, Command, Component, Die, Fate, Mode, SetupOptions};
use statrs::distribution::{ChiSquared, ContinuousCDF};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Pearson's chi-square of observed counts against expected counts: the statistic, the degrees
/// of freedom and the p-value (the chance of a deviation at least this large from a fair source).
fn chi_square(observed: &[u64], expected: &[f64]) -> (f64, usize, f64) {
    let stat: f64 = observed.iter().zip(expected).map(|(o, e)| (*o as f64 - e).powi(2) / e).sum();
    let df = observed.len() - 1;
    let p = 1.0 - ChiSquared::new(df as f64).expect("df > 0").cdf(stat);
    (stat, df, p)
}

struct Check {
    what: String,
    n: u64,
    stat: f64,
    df: usize,
    p: f64,
    table: String,
}

fn counts_table<K: std::fmt::Display>(rows: &[(K, u64, f64)]) -> String {
    let mut t = String::from("| outcome | observed | expected | deviation |\n|---|---|---|---|\n");
    for (k, o, e) in rows {
        let _ = writeln!(t, "| {k} | {o} | {e:.0} | {:+.2}% |", (*o as f64 - e) / e * 100.0);
    }
    t
}

fn main() {
    let n: u64 = std::env::var("N").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000_000);
    let c = Content::base();
    let mut checks = Vec::new();

    // A real five-player set-up, with a generator seeded by the operating system as in play.
    let opts = SetupOptions {
        players: (1..=5).map(|i| format!("P{i}")).collect(),
        mode: Mode::Standard,
        handled: Component::ALL.to_vec(),
        infected_cards: None,
        player_numbers: None,
        pods: None,
    };
    let mut fate = Fate::from_os();
    let set_up = apply(None, &mut fate, Actor::Table, &Command::SetUp(opts), &[]).expect("a standard set-up is accepted");
    let mut state = set_up.state;
    // The character draft comes first (dice are rolled only once the game is under way).
    loop {
        let view = state.public_view();
        let Some(next) = view.seats.iter().filter(|s| s.character.is_none()).min_by_key(|s| s.number.0) else { break };
        let seat = next.seat;
        state = apply(Some(&state), &mut fate, Actor::Table, &Command::DraftDraw { seat }, &[]).expect("a draft draw").state;
        let character = state.public_view().seats[seat.0 as usize].draft_offer[0].key.clone();
        state = apply(Some(&state), &mut fate, Actor::Table, &Command::DraftKeep { seat, character }, &[]).expect("a draft keep").state;
    }

    // 1. The Intruder bag: each draw (Encounter, bag development, Nest) takes a uniform token from the bag,
    //    the same `Fate::index` over the bag's tokens that every bag draw in the rules uses.
    let bag = state.bag();
    let mut by_kind: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    for t in &bag {
        by_kind.entry(format!("{:?}", c.token(*t).kind)).or_default().1 += 1;
    }
    for _ in 0..n {
        let t = bag[fate.index(bag.len())];
        by_kind.get_mut(&format!("{:?}", c.token(t).kind)).expect("a kind in the bag").0 += 1;
    }
    let rows: Vec<(String, u64, f64)> = by_kind.iter().map(|(k, (o, in_bag))| (format!("{k} ({in_bag} of {})", bag.len()), *o, n as f64 * *in_bag as f64 / bag.len() as f64)).collect();
    let (stat, df, p) = chi_square(&rows.iter().map(|r| r.1).collect::<Vec<_>>(), &rows.iter().map(|r| r.2).collect::<Vec<_>>());
    checks.push(Check { what: format!("Intruder bag draws, the {}-token bag of a 5-player set-up", bag.len()), n, stat, df, p, table: counts_table(&rows) });

    // 2. Shuffles: where each Event card ends up after a shuffle. A fair shuffle puts every card
    //    in every position equally often (the engine shuffles every deck with `Fate::shuffle`).
    let mut deck: Vec<usize> = (0..state.events.draw.len()).collect();
    let size = deck.len();
    let shuffles = n / size as u64 * size as u64;
    let mut at = vec![0u64; size * size];
    for _ in 0..shuffles {
        deck.sort_unstable();
        fate.shuffle(&mut deck);
        for (pos, card) in deck.iter().enumerate() {
            at[card * size + pos] += 1;
        }
    }
    let expected = vec![shuffles as f64 / size as f64; size * size];
    // Rows and columns both sum to the number of shuffles: (size-1)² degrees of freedom.
    let (stat, _, _) = chi_square(&at, &expected);
    let df = (size - 1) * (size - 1);
    let p = 1.0 - ChiSquared::new(df as f64).unwrap().cdf(stat).min(1.0);
    let tops: Vec<(String, u64, f64)> = (0..size).map(|card| (format!("card {} on top", card + 1), at[card * size], shuffles as f64 / size as f64)).collect();
    checks.push(Check {
        what: format!("Event deck shuffles ({size} cards): every card in every position"),
        n: shuffles,
        stat,
        df,
        p,
        table: format!("The {size}×{size} table of card × position is tested; the top card alone:\n\n{}", counts_table(&tops)),
    });

    // 3. Dice, rolled through the engine's own command (`RollDice`, two dice at a time).
    for (die, faces) in [(Die::Noise, c.data.noise_die.len()), (Die::Combat, c.data.combat_die.len())] {
        let mut seen: BTreeMap<String, u64> = BTreeMap::new();
        let mut rolled = 0u64;
        while rolled < n {
            let out = apply(Some(&state), &mut fate, Actor::Table, &Command::RollDice { die, count: 2 }, &[]).expect("a roll is accepted");
            for e in &out.events {
                if let Event::DiceRolled { noise, combat, .. } = e {
                    for f in noise {
                        *seen.entry(serde_json::to_string(f).unwrap().trim_matches('"').to_string()).or_default() += 1;
                    }
                    for f in combat {
                        *seen.entry(serde_json::to_string(f).unwrap().trim_matches('"').to_string()).or_default() += 1;
                    }
                }
            }
            rolled += 2;
        }
        // Expected: each printed face equally likely (a face printed twice counts twice).
        let printed: Vec<String> = match die {
            Die::Noise => c.data.noise_die.iter().map(|f| serde_json::to_string(f).unwrap().trim_matches('"').to_string()).collect(),
            Die::Combat => c.data.combat_die.iter().map(|f| serde_json::to_string(f).unwrap().trim_matches('"').to_string()).collect(),
        };
        let mut copies: BTreeMap<String, u64> = BTreeMap::new();
        for f in &printed {
            *copies.entry(f.clone()).or_default() += 1;
        }
        let rows: Vec<(String, u64, f64)> = copies
            .iter()
            .map(|(f, k)| (format!("{f} ({k} of {faces} faces)"), seen.get(f).copied().unwrap_or(0), rolled as f64 * *k as f64 / faces as f64))
            .collect();
        assert_eq!(seen.len(), copies.len(), "only printed faces come up");
        let (stat, df, p) = chi_square(&rows.iter().map(|r| r.1).collect::<Vec<_>>(), &rows.iter().map(|r| r.2).collect::<Vec<_>>());
        checks.push(Check { what: format!("{die:?} die rolls"), n: rolled, stat, df, p, table: counts_table(&rows) });
    }

    let cpu = std::fs::read_to_string("/proc/cpuinfo").ok().and_then(|s| s.lines().find(|l| l.starts_with("model name")).map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())).unwrap_or_default();
    let date = std::process::Command::new("date").arg("-u").arg("+%Y-%m-%d").output().ok().map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string()).unwrap_or_default();
    let mut md = String::new();
    let _ = writeln!(md, "# Fairness: is the app's randomness fair?\n");
    let _ = writeln!(md, "Produced by `cargo run --release -p nemesis-engine --example fairness` on {date} ({cpu}).");
    let _ = writeln!(md, "Every run seeds a fresh generator from the operating system, as a real game does, so the numbers");
    let _ = writeln!(md, "differ from run to run; what must hold is that the deviations stay the size chance explains.\n");
    let _ = writeln!(md, "How to read it: the p-value is the chance that a perfectly fair source deviates from the expected");
    let _ = writeln!(md, "counts at least as much as this run did. Fair sources give p-values spread evenly between 0 and 1;");
    let _ = writeln!(md, "a rigged or biased one gives p-values near 0 (below 0.001) again and again. With {} tests per run, one", checks.len());
    let _ = writeln!(md, "p-value below 0.05 now and then is expected; the same test failing run after run is not.\n");
    let _ = writeln!(md, "The generator is ChaCha20 seeded from the OS; numbers in a range come from Lemire's unbiased");
    let _ = writeln!(md, "multiply-and-reject, and shuffles are Fisher–Yates (`crates/engine/src/fate.rs`).\n");
    let _ = writeln!(md, "| test | samples | chi-square | degrees of freedom | p-value | verdict |\n|---|---|---|---|---|---|");
    for ch in &checks {
        let verdict = if ch.p < 0.001 { "**suspicious: run again**" } else { "consistent with fair" };
        let _ = writeln!(md, "| {} | {} | {:.1} | {} | {:.3} | {} |", ch.what, ch.n, ch.stat, ch.df, ch.p, verdict);
    }
    for ch in &checks {
        let _ = writeln!(md, "\n## {}\n\n{}", ch.what, ch.table);
    }
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/fairness.md");
    std::fs::write(&out, &md).expect("docs/ is writable");
    print!("{md}");
    let worst = checks.iter().map(|c| c.p).fold(1.0, f64::min);
    if worst < 1e-6 {
        eprintln!("a test deviates far beyond chance (p = {worst:e})");
        std::process::exit(1);
    }
}
