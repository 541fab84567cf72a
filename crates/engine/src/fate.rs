//! The game's one source of randomness: a ChaCha20 stream behind the engine's own type,
//! with our own bounded sampling and shuffle so results never change with a library upgrade.
//! Only `apply` draws from it; events record outcomes, so folding never calls it.
//! Its state is a secret of the host: it is never part of any view.

use rand_chacha::ChaCha20Rng;
use rand_core::{OsRng, RngCore, SeedableRng};
use serde::{Deserialize, Serialize};

/// The generator of one game.
#[derive(Clone, Debug)]
pub struct Fate {
    rng: ChaCha20Rng,
    seed: [u8; 32],
}

/// Everything needed to continue the same stream after a restart (stored by the host, never shown),
/// so that closing and reopening the app cannot re-roll what comes next.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FateSnapshot {
    pub seed: [u8; 32],
    pub word_pos: u128,
}

impl Fate {
    /// A fresh generator seeded from the operating system's secure source.
    pub fn from_os() -> Fate {
        let mut seed = [0u8; 32];
        OsRng.fill_bytes(&mut seed);
        Fate::from_seed(seed)
    }

    /// A generator with a known seed: tests, replays of bug reports, golden values.
    pub fn from_seed(seed: [u8; 32]) -> Fate {
        Fate { rng: ChaCha20Rng::from_seed(seed), seed }
    }

    /// Convenience for tests and benchmarks: a seed spread from one number.
    pub fn seeded(n: u64) -> Fate {
        let mut seed = [0u8; 32];
        for (i, chunk) in seed.chunks_mut(8).enumerate() {
            chunk.copy_from_slice(&(n ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)).to_le_bytes());
        }
        Fate::from_seed(seed)
    }

    pub fn snapshot(&self) -> FateSnapshot {
        FateSnapshot { seed: self.seed, word_pos: self.rng.get_word_pos() }
    }

    pub fn restore(s: &FateSnapshot) -> Fate {
        let mut f = Fate::from_seed(s.seed);
        f.rng.set_word_pos(s.word_pos);
        f
    }

    fn next_u32(&mut self) -> u32 {
        self.rng.next_u32()
    }

    /// A uniform number in `0..n` (n > 0), without modulo bias: Lemire's multiply-and-reject.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "below(0) is a bug in the caller");
        let mut m = u64::from(self.next_u32()) * u64::from(n);
        let mut low = m as u32;
        if low < n {
            let threshold = n.wrapping_neg() % n;
            while low < threshold {
                m = u64::from(self.next_u32()) * u64::from(n);
                low = m as u32;
            }
        }
        (m >> 32) as u32
    }

    /// Picks a uniform index into a non-empty slice of length `len`.
    pub fn index(&mut self, len: usize) -> usize {
        self.below(len as u32) as usize
    }

    /// Fisher–Yates, from the back, with `below` for each swap.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// `k` distinct indices out of `0..n`, in the order drawn.
    pub fn sample(&mut self, n: usize, k: usize) -> Vec<usize> {
        let mut all: Vec<usize> = (0..n).collect();
        let k = k.min(n);
        for i in 0..k {
            let j = i + self.index(n - i);
            all.swap(i, j);
        }
        all.truncate(k);
        all
    }
}
