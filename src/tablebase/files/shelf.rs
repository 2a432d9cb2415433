//! A shelf of the five-man tables of one kind an engine has loaded from their
//! directory (`FiveManTables`; see `five_man.rs`): which are loaded, which are being
//! loaded, and the loading itself on threads of their own.
//!
//! Five-man tables take hundreds of megabytes to a gigabyte each and seconds to a
//! minute to build, so they are loaded only when a game comes within a capture of
//! them, and only from the directory the user named (see `solve/five.rs`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, RwLock};

/// The loaded tables of one kind, by their key (the pieces, and for a duel the
/// game's count). Clones share the tables (the loading threads hold one).
pub(crate) struct Shelf<K, T> {
    held: Arc<Held<K, T>>,
}

struct Held<K, T> {
    loaded: RwLock<Vec<(K, Arc<T>)>>,
    /// Whether any table is loaded: the search's probes stop here while none is.
    any_loaded: AtomicBool,
    /// Keys whose table is being loaded or built now.
    pending: Mutex<Vec<K>>,
}

impl<K, T> Clone for Shelf<K, T> {
    fn clone(&self) -> Shelf<K, T> {
        Shelf {
            held: Arc::clone(&self.held),
        }
    }
}

impl<K, T> Default for Shelf<K, T> {
    fn default() -> Shelf<K, T> {
        Shelf {
            held: Arc::new(Held {
                loaded: RwLock::new(Vec::new()),
                any_loaded: AtomicBool::new(false),
                pending: Mutex::new(Vec::new()),
            }),
        }
    }
}

impl<K: Copy + PartialEq + Send + Sync + 'static, T: Send + Sync + 'static> Shelf<K, T> {
    /// Whether any table is loaded (a cheap test before working out a key).
    #[inline]
    pub(crate) fn any_loaded(&self) -> bool {
        self.held.any_loaded.load(Ordering::Acquire)
    }

    /// The table of `key`, if loaded.
    pub(crate) fn get(&self, key: &K) -> Option<Arc<T>> {
        if !self.held.any_loaded.load(Ordering::Acquire) {
            return None;
        }
        let loaded = self.held.loaded.read().ok()?;
        loaded
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, t)| Arc::clone(t))
    }

    /// Loads the tables of `wanted` not loaded yet, each by `load` on a thread of
    /// its own; with `wait`, returns once they are all loaded, including those
    /// another thread was already loading (so what a search reads does not depend on
    /// who asked first).
    pub(crate) fn load<F>(&self, wanted: &[K], wait: bool, load: F)
    where
        F: Fn(K) -> T + Clone + Send + 'static,
    {
        let mut handles = Vec::new();
        for &key in wanted {
            let loaded = self
                .held
                .loaded
                .read()
                .map(|l| l.iter().any(|(k, _)| *k == key))
                .unwrap_or(true);
            let mut pending = self.held.pending.lock().unwrap_or_else(|e| e.into_inner());
            if loaded || pending.contains(&key) {
                continue;
            }
            pending.push(key);
            let load = load.clone();
            let shelf = self.clone();
            handles.push(std::thread::spawn(move || {
                let table = load(key);
                if let Ok(mut loaded) = shelf.held.loaded.write() {
                    loaded.push((key, Arc::new(table)));
                    shelf.held.any_loaded.store(true, Ordering::Release);
                }
                shelf
                    .held
                    .pending
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .retain(|k| *k != key);
            }));
        }
        if wait {
            for handle in handles {
                let _ = handle.join();
            }
            let still_pending = || {
                let pending = self.held.pending.lock().unwrap_or_else(|e| e.into_inner());
                wanted.iter().any(|k| pending.contains(k))
            };
            while still_pending() {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        }
    }
}
