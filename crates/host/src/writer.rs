//! The table's writer: one thread owns the table and answers the work the doors send it as
//! messages, one at a time (one worker owns the session, the others send it messages), and
//! settles the save while idle. The table knows none of the doors; `supervisor.rs` starts this
//! with the phone server the table is given.

use crate::phones::PhoneServer;
use crate::table::{ScreenWatch, Table, SETTLE_AFTER};
use std::panic::AssertUnwindSafe;
use std::sync::mpsc;
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Instant;

/// One piece of work for the table, run on its writer thread.
type Work = Box<dyn FnOnce(&mut Table) + Send>;

struct Inner {
    table: Mutex<Table>,
    mail: mpsc::Sender<Work>,
    /// The newest table screen, read without asking the table.
    screens: ScreenWatch,
}

/// The running table and its supervisor. Clones are the same table; the last one dropped stops
/// the writer and the phone server.
#[derive(Clone)]
pub struct Shared(Arc<Inner>);

/// A way to send the table work that does not keep it alive: the phone server holds one, and
/// the table owns the phone server.
#[derive(Clone)]
pub struct Writer(Weak<Inner>);

/// Locks the table for one piece of work. After a panic in an earlier one the open game is
/// closed, so a game that brought the writer down cannot do it again on every later call.
fn lock(inner: &Inner) -> MutexGuard<'_, Table> {
    match inner.table.lock() {
        Ok(guard) => guard,
        Err(poisoned) => {
            let mut guard = poisoned.into_inner();
            guard.close_after_panic();
            inner.table.clear_poison();
            guard
        }
    }
}

impl Shared {
    /// Starts the writer for `table`, giving the table the phone server `server` makes (from a
    /// way back to this writer that does not keep it alive).
    pub fn start(mut table: Table, server: Option<impl FnOnce(Writer) -> Box<dyn PhoneServer>>) -> Shared {
        let (mail, inbox) = mpsc::channel::<Work>();
        let screens = table.subscribe();
        let inner = Arc::new_cyclic(|me: &Weak<Inner>| {
            if let Some(server) = server {
                table.set_phone_server(server(Writer(me.clone())));
            }
            Inner { table: Mutex::new(table), mail, screens }
        });
        let me = Arc::downgrade(&inner);
        let _ = std::thread::Builder::new().name("table-writer".into()).spawn(move || write(me, inbox));
        Shared(inner)
    }

    /// Runs `work` on the table at once, on this thread, between two messages of the writer:
    /// for a caller that has a thread of its own (a test, the window's start).
    pub fn with<T>(&self, work: impl FnOnce(&mut Table) -> T) -> T {
        let mut table = lock(&self.0);
        match std::panic::catch_unwind(AssertUnwindSafe(|| work(&mut table))) {
            Ok(done) => done,
            Err(panic) => {
                table.close_after_panic();
                std::panic::resume_unwind(panic)
            }
        }
    }

    /// Sends `work` to the writer and waits for its answer; `None` when the table stopped (or
    /// the work panicked) before answering.
    pub async fn ask<T: Send + 'static>(&self, work: impl FnOnce(&mut Table) -> T + Send + 'static) -> Option<T> {
        self.writer().ask(work).await
    }

    /// The newest table screen after every change (a slow reader skips to the latest).
    pub fn screens(&self) -> ScreenWatch {
        self.0.screens.clone()
    }

    pub fn writer(&self) -> Writer {
        Writer(Arc::downgrade(&self.0))
    }
}

impl Writer {
    /// Sends `work` without waiting for it (nothing happens when the table is gone).
    pub fn tell(&self, work: impl FnOnce(&mut Table) + Send + 'static) {
        if let Some(inner) = self.0.upgrade() {
            let _ = inner.mail.send(Box::new(work));
        }
    }

    /// Sends `work` and waits for its answer; `None` when the table stopped first.
    pub async fn ask<T: Send + 'static>(&self, work: impl FnOnce(&mut Table) -> T + Send + 'static) -> Option<T> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        self.tell(move |t| {
            let _ = answer.send(work(t));
        });
        answered.await.ok()
    }
}

/// The writer thread: each message in turn, and while none comes, the save settled (its
/// write-ahead file copied in once idle for `SETTLE_AFTER`, so `games.sqlite3` alone holds every
/// acknowledged step a moment later) and a waiting phone change shown when its time comes
/// (`Table::publish_due`). Ends when the table is dropped.
fn write(table: Weak<Inner>, inbox: mpsc::Receiver<Work>) {
    let tick = SETTLE_AFTER / 4;
    let mut settled = Instant::now();
    let mut due: Option<Instant> = None;
    loop {
        // Wake for the next settling, or sooner for a phone change waiting to be shown.
        let mut wait = tick.saturating_sub(settled.elapsed());
        if let Some(at) = due {
            wait = wait.min(at.saturating_duration_since(Instant::now()));
        }
        let work = match inbox.recv_timeout(wait) {
            Ok(work) => Some(work),
            Err(mpsc::RecvTimeoutError::Timeout) => None,
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        };
        let Some(inner) = table.upgrade() else { return };
        let mut t = lock(&inner);
        // A panic is a bug; it costs the open game, not the writer (its caller hears that the
        // table stopped while answering).
        if let Some(work) = work {
            if std::panic::catch_unwind(AssertUnwindSafe(|| work(&mut t))).is_err() {
                t.close_after_panic();
            }
        }
        t.publish_due();
        due = t.phones_due();
        // On every tick, however busy the phones keep the writer.
        if settled.elapsed() >= tick {
            t.settle();
            settled = Instant::now();
        }
    }
}

