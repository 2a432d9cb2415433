//! The functions `khun.wasm` exports, and the host functions it imports (module
//! `khun`): `web/src/khun.js` is the other side of both.
//!
//! Strings cross as bytes in the module's memory: the host asks for room with
//! [`khun_alloc`], writes UTF-8 there and passes pointer and length; an answer comes
//! back as a pointer to a 4-byte little-endian length followed by the bytes, which
//! the host reads and gives back with [`khun_free`].
//!
//! Imports: `now_ms() -> f64` (`performance.now()`, see `crate::platform::clock`),
//! `poll(idle) -> i32` (see `crate::search::host`), and `line(ptr, len)`, which
//! receives each line the engine prints.

use super::rules_api;
use super::session::WebSession;
use crate::tablebase::Tables;

#[link(wasm_import_module = "khun")]
unsafe extern "C" {
    /// One output line, UTF-8, without its newline.
    #[link_name = "line"]
    fn host_line(ptr: *const u8, len: usize);
}

/// Room for `len` bytes that the host fills; give it back with [`khun_free`].
#[unsafe(no_mangle)]
pub extern "C" fn khun_alloc(len: usize) -> *mut u8 {
    let mut bytes = Vec::<u8>::with_capacity(len.max(1));
    let ptr = bytes.as_mut_ptr();
    std::mem::forget(bytes);
    ptr
}

/// Gives back `len` bytes from [`khun_alloc`] or an answer's buffer (length header
/// included).
///
/// # Safety
/// `ptr` and `len` must be what `khun_alloc` returned and was asked for, or an
/// answer's pointer with its header's length plus 4, and not given back before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn khun_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller passes back a buffer of this module's with its capacity.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len.max(1)) });
}

/// The host's bytes as text (invalid UTF-8 replaced).
///
/// # Safety
/// `ptr..ptr+len` must lie in this module's memory.
unsafe fn text_at(ptr: *const u8, len: usize) -> String {
    // SAFETY: the caller guarantees the range.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    String::from_utf8_lossy(bytes).into_owned()
}

/// An answer for the host: a length header and the bytes, leaked until `khun_free`.
fn answer(text: String) -> *mut u8 {
    let mut bytes = Vec::with_capacity(4 + text.len());
    bytes.extend_from_slice(&(text.len() as u32).to_le_bytes());
    bytes.extend_from_slice(text.as_bytes());
    let mut bytes = bytes.into_boxed_slice();
    let ptr = bytes.as_mut_ptr();
    std::mem::forget(bytes);
    ptr
}

/// A new engine session; its lines go to the host's `line`.
#[unsafe(no_mangle)]
pub extern "C" fn khun_session_new() -> *mut WebSession {
    let session = WebSession::new(Box::new(|line: &str| {
        // SAFETY: the host reads `len` bytes from `ptr` during the call.
        unsafe { host_line(line.as_ptr(), line.len()) }
    }));
    Box::into_raw(Box::new(session))
}

/// Handles one UCI line of `session`: 1, or 0 after `quit`.
///
/// # Safety
/// `session` must come from [`khun_session_new`]; `ptr..ptr+len` must lie in this
/// module's memory.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn khun_session_line(
    session: *mut WebSession,
    ptr: *const u8,
    len: usize,
) -> i32 {
    // SAFETY: the caller guarantees both.
    let (session, line) = unsafe { (&mut *session, text_at(ptr, len)) };
    session.handle_line(&line) as i32
}

/// The endgame tables of a page's rules: `khun_rules` builds them in memory as its
/// requests need them and keeps them for the next.
#[unsafe(no_mangle)]
pub extern "C" fn khun_rules_new() -> *mut Tables {
    Box::into_raw(Box::new(Tables::new()))
}

/// Answers one rules request (JSON, see `rules_api`), reading `tables`.
///
/// # Safety
/// `tables` must come from [`khun_rules_new`]; `ptr..ptr+len` must lie in this
/// module's memory.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn khun_rules(tables: *const Tables, ptr: *const u8, len: usize) -> *mut u8 {
    // SAFETY: the caller guarantees both.
    let (tables, request) = unsafe { (&*tables, text_at(ptr, len)) };
    answer(rules_api::answer(&request, tables))
}
