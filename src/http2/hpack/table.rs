//! HPACK's two tables (RFC 7541 section 2.3): the static table of Appendix A
//! and a dynamic table of fields an endpoint chose to index, with the
//! size accounting and eviction of section 4. One index space spans both:
//! 1 to 61 are static, 62 onwards dynamic, newest first.

use std::collections::VecDeque;

/// RFC 7541 Appendix A.
pub const STATIC: [(&str, &str); 61] = [
    (":authority", ""),
    (":method", "GET"),
    (":method", "POST"),
    (":path", "/"),
    (":path", "/index.html"),
    (":scheme", "http"),
    (":scheme", "https"),
    (":status", "200"),
    (":status", "204"),
    (":status", "206"),
    (":status", "304"),
    (":status", "400"),
    (":status", "404"),
    (":status", "500"),
    ("accept-charset", ""),
    ("accept-encoding", "gzip, deflate"),
    ("accept-language", ""),
    ("accept-ranges", ""),
    ("accept", ""),
    ("access-control-allow-origin", ""),
    ("age", ""),
    ("allow", ""),
    ("authorization", ""),
    ("cache-control", ""),
    ("content-disposition", ""),
    ("content-encoding", ""),
    ("content-language", ""),
    ("content-length", ""),
    ("content-location", ""),
    ("content-range", ""),
    ("content-type", ""),
    ("cookie", ""),
    ("date", ""),
    ("etag", ""),
    ("expect", ""),
    ("expires", ""),
    ("from", ""),
    ("host", ""),
    ("if-match", ""),
    ("if-modified-since", ""),
    ("if-none-match", ""),
    ("if-range", ""),
    ("if-unmodified-since", ""),
    ("last-modified", ""),
    ("link", ""),
    ("location", ""),
    ("max-forwards", ""),
    ("proxy-authenticate", ""),
    ("proxy-authorization", ""),
    ("range", ""),
    ("referer", ""),
    ("refresh", ""),
    ("retry-after", ""),
    ("server", ""),
    ("set-cookie", ""),
    ("strict-transport-security", ""),
    ("transfer-encoding", ""),
    ("user-agent", ""),
    ("vary", ""),
    ("via", ""),
    ("www-authenticate", ""),
];

/// What an entry costs in the table besides its bytes (section 4.1).
pub const ENTRY_OVERHEAD: usize = 32;

/// The index of the first static entry named `name`, in any case (a
/// response's `Content-Type` is written as the table's `content-type`), if
/// any. The encoder asks this for every field it writes: one hash, one
/// table read, one comparison, all inline (a `memcmp` call per field cost
/// more than the rest of the lookup).
pub fn static_name_index(name: &[u8]) -> Option<usize> {
    let index = usize::from(NAME_SLOTS[name_slot(name)?]);
    (index > 0 && same_ignoring_case(STATIC[index - 1].0.as_bytes(), name)).then_some(index)
}

/// `static_name_index` of a lower-case `name`, at compile time.
pub const fn first_static_index(name: &str) -> Option<usize> {
    let mut i = 0;
    while i < STATIC.len() {
        if same_const(STATIC[i].0.as_bytes(), name.as_bytes()) {
            return Some(i + 1);
        }
        i += 1;
    }
    None
}

/// The index of `:status`, for every response (a test checks it).
pub const STATUS_INDEX: usize = 8;

/// A slot for `name` (any case) in `NAME_SLOTS`: from its length and end
/// bytes, which no two static names share (the table's build checks it).
const fn name_slot(name: &[u8]) -> Option<usize> {
    match name {
        [first, .., last] => Some(
            (name.len() * 9
                + first.to_ascii_lowercase() as usize * 21
                + last.to_ascii_lowercase() as usize)
                & 0xff,
        ),
        _ => None,
    }
}

/// The first static index of each name, at its `name_slot` (0: none).
const NAME_SLOTS: [u8; 256] = {
    let mut slots = [0u8; 256];
    let mut i = 0;
    while i < STATIC.len() {
        let name = STATIC[i].0.as_bytes();
        let Some(slot) = name_slot(name) else {
            panic!("a static name of one byte");
        };
        if slots[slot] == 0 {
            slots[slot] = (i + 1) as u8;
        } else if !same_const(STATIC[slots[slot] as usize - 1].0.as_bytes(), name) {
            panic!("two static names share a slot: change name_slot");
        }
        i += 1;
    }
    slots
};

/// How many entries from each index on share its name (entries of one
/// name are adjacent): `static_value_index` looks at those only.
const NAME_RUNS: [u8; 61] = {
    let mut runs = [1u8; 61];
    let mut i = STATIC.len() - 1;
    while i > 0 {
        if same_const(STATIC[i - 1].0.as_bytes(), STATIC[i].0.as_bytes()) {
            runs[i - 1] = runs[i] + 1;
        }
        i -= 1;
    }
    runs
};

/// `a == b`, inline. Field names and values are short: a call to `memcmp`
/// (what `==` on slices becomes) costs more than comparing them a word at
/// a time here.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && same_words(a, b, |w| w)
}

/// `lower` (a static name) is `name` in any case.
fn same_ignoring_case(lower: &[u8], name: &[u8]) -> bool {
    lower.len() == name.len() && same_words(lower, name, ascii_lowercase)
}

/// `a` and `b` (of one length) are equal once each word of `b` goes
/// through `map`: eight bytes at a time, the last word overlapping the
/// one before it; shorter strings in two overlapping halves, or bytewise
/// below four bytes.
#[inline(always)]
fn same_words(a: &[u8], b: &[u8], map: impl Fn(u64) -> u64) -> bool {
    let n = a.len();
    if n < 4 {
        return (0..n).all(|i| u64::from(a[i]) == map(u64::from(b[i])));
    }
    if n < 8 {
        let half =
            |s: &[u8], i: usize| u64::from(u32::from_le_bytes(s[i..i + 4].try_into().unwrap()));
        return half(a, 0) == map(half(b, 0)) && half(a, n - 4) == map(half(b, n - 4));
    }
    let word = |s: &[u8], i: usize| u64::from_le_bytes(s[i..i + 8].try_into().unwrap());
    let mut i = 0;
    while i + 8 < n {
        if word(a, i) != map(word(b, i)) {
            return false;
        }
        i += 8;
    }
    word(a, n - 8) == map(word(b, n - 8))
}

/// Each ASCII upper-case byte of `w` in lower case, the others as they
/// are (bytes from 0x80 included).
fn ascii_lowercase(w: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let low7 = w & !HIGH;
    // Per byte, the high bit of: at least 'A', above 'Z', ASCII.
    let from_a = low7 + ONES * (0x80 - u64::from(b'A'));
    let past_z = low7 + ONES * (0x7f - u64::from(b'Z'));
    let upper = (from_a ^ past_z) & !w & HIGH;
    w | upper >> 2
}

/// `a == b` at compile time, for the tables built from `STATIC`.
const fn same_const(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The index of the static entry that is exactly `name: value`, if any.
#[cfg(test)]
pub fn static_field_index(name: &[u8], value: &[u8]) -> Option<usize> {
    static_value_index(static_name_index(name)?, value)
}

/// The index of the static entry with the name of entry `first` (the
/// first of that name, as `static_name_index` gives) and `value`, if any.
pub fn static_value_index(first: usize, value: &[u8]) -> Option<usize> {
    let run = usize::from(NAME_RUNS[first - 1]);
    STATIC[first - 1..first - 1 + run]
        .iter()
        .position(|(_, v)| same(v.as_bytes(), value))
        .map(|i| first + i)
}

#[derive(Debug)]
struct Entry {
    name: Box<[u8]>,
    value: Box<[u8]>,
    /// `fingerprint(name, value)`, so a search compares bytes only of
    /// entries that are likely the field.
    fingerprint: u64,
    /// The decoder's consumer found these bytes well-formed when it was
    /// handed them (`Decoder::decode_checked`); always false in an
    /// encoder's table.
    checked: bool,
    /// The static-table index of its name, when the encoder added it as
    /// that name (`insert_static_named`); 0 otherwise.
    static_name: u8,
}

/// Lengths and end bytes of a field: cheap to make, and different for
/// most pairs of fields (`date` and `etag` have one length, not one first
/// byte).
fn fingerprint(name: &[u8], value: &[u8]) -> u64 {
    let ends = |b: &[u8]| {
        u64::from(b.first().copied().unwrap_or(0)) << 8 | u64::from(b.last().copied().unwrap_or(0))
    };
    (name.len() as u64) << 48 | (value.len() as u64 & 0xffff) << 32 | ends(name) << 16 | ends(value)
}

impl Entry {
    /// Its size by section 4.1's measure.
    fn size(&self) -> usize {
        self.name.len() + self.value.len() + ENTRY_OVERHEAD
    }
}

/// A table of fields, newest first, at most `max_size` bytes by section
/// 4.1's measure.
#[derive(Debug)]
pub struct DynamicTable {
    entries: VecDeque<Entry>,
    size: usize,
    max_size: usize,
    /// How many entries were ever added, wrapping: the number the next
    /// one gets (`find_numbered`).
    added: u16,
}

impl DynamicTable {
    pub fn new(max_size: usize) -> DynamicTable {
        DynamicTable {
            entries: VecDeque::new(),
            size: 0,
            max_size,
            added: 0,
        }
    }

    pub fn max_size(&self) -> usize {
        self.max_size
    }

    #[cfg(test)]
    pub fn size(&self) -> usize {
        self.size
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Changes the maximum size, evicting the oldest entries to fit.
    pub fn set_max_size(&mut self, max_size: usize) {
        self.max_size = max_size;
        self.evict_to(max_size);
    }

    /// Adds `name: value` as the newest entry. An entry larger than the
    /// whole table empties it and is not added (section 4.4).
    pub fn insert(&mut self, name: &[u8], value: &[u8]) {
        self.insert_checked(name, value, false);
    }

    /// `insert`, remembering whether the decoder's consumer found the
    /// field well-formed (`get_checked` tells it again).
    pub fn insert_checked(&mut self, name: &[u8], value: &[u8], checked: bool) {
        self.push(name, value, checked, 0);
    }

    /// `insert` of a field named by the static entry `name_index` (the
    /// name a block then carries, and a peer's table holds), so
    /// `find_numbered` knows it by that number.
    pub fn insert_static_named(&mut self, name_index: usize, value: &[u8]) {
        let name = STATIC[name_index - 1].0.as_bytes();
        self.push(name, value, false, name_index as u8);
    }

    fn push(&mut self, name: &[u8], value: &[u8], checked: bool, static_name: u8) {
        let entry = Entry {
            name: name.into(),
            value: value.into(),
            fingerprint: fingerprint(name, value),
            checked,
            static_name,
        };
        let cost = entry.size();
        if cost > self.max_size {
            self.evict_to(0);
            return;
        }
        self.evict_to(self.max_size - cost);
        self.entries.push_front(entry);
        self.size += cost;
        self.added = self.added.wrapping_add(1);
    }

    /// The number the newest entry got when it was added (entries are
    /// numbered in the order they came, wrapping at 2^16).
    pub fn newest_number(&self) -> u16 {
        self.added.wrapping_sub(1)
    }

    /// The index (combined space) of the entry numbered `number`, if it
    /// is still in the table, was added by `insert_static_named` with
    /// `name_index`, and has `value`. One comparison where `find` walks
    /// the table; any number is safe to ask with (numbers wrap, so the
    /// entry's name is checked too, by its static index rather than its
    /// bytes).
    pub fn find_numbered(&self, number: u16, name_index: usize, value: &[u8]) -> Option<usize> {
        // Newest first: the entry numbered `added - 1` is at position 0.
        let position = usize::from(self.added.wrapping_sub(number).wrapping_sub(1));
        let e = self.entries.get(position)?;
        (usize::from(e.static_name) == name_index && same(&e.value, value)).then_some(position + 62)
    }

    /// The entry at `index` of the combined index space (1-based, static
    /// entries first).
    pub fn get(&self, index: usize) -> Option<(&[u8], &[u8])> {
        match index {
            0 => None,
            1..=61 => {
                let (n, v) = STATIC[index - 1];
                Some((n.as_bytes(), v.as_bytes()))
            }
            _ => self
                .entries
                .get(index - 62)
                .map(|e| (&e.name[..], &e.value[..])),
        }
    }

    /// The dynamic entry at `index` (combined space, so from 62 on) and
    /// whether its bytes were found well-formed (`insert_checked`).
    pub fn get_checked(&self, index: usize) -> Option<(&[u8], &[u8], bool)> {
        let e = self.entries.get(index.checked_sub(62)?)?;
        Some((&e.name, &e.value, e.checked))
    }

    /// Marks the dynamic entry at `index` (from 62 on) well-formed.
    pub fn set_checked(&mut self, index: usize) {
        if let Some(e) = index.checked_sub(62).and_then(|i| self.entries.get_mut(i)) {
            e.checked = true;
        }
    }

    /// The index (combined space) of the newest entry that is exactly
    /// `name: value`, if any.
    pub fn find(&self, name: &[u8], value: &[u8]) -> Option<usize> {
        let key = fingerprint(name, value);
        self.entries
            .iter()
            .position(|e| e.fingerprint == key && same(&e.value, value) && same(&e.name, name))
            .map(|i| i + 62)
    }

    fn evict_to(&mut self, size: usize) {
        while self.size > size {
            let Some(oldest) = self.entries.pop_back() else {
                break;
            };
            self.size -= oldest.size();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_matches_agree_with_appendix_a_entry_by_entry() {
        for (name, value) in STATIC {
            let first_named = STATIC.iter().position(|(n, _)| *n == name).unwrap() + 1;
            let first_exact = STATIC.iter().position(|e| *e == (name, value)).unwrap() + 1;
            assert_eq!(
                static_name_index(name.as_bytes()),
                Some(first_named),
                "{name}"
            );
            assert_eq!(
                static_field_index(name.as_bytes(), value.as_bytes()),
                Some(first_exact),
                "{name}: {value}"
            );
            assert_eq!(static_field_index(name.as_bytes(), b"x"), None, "{name}");
        }
        assert_eq!(static_name_index(b"x-unknown"), None);
        assert_eq!(static_field_index(b"x-unknown", b""), None);
    }

    #[test]
    fn word_lower_casing_agrees_with_std_byte_by_byte() {
        // Every byte in every lane, beside neighbours that could carry.
        for b in 0..=255u8 {
            for lane in 0..8 {
                for neighbours in [0u64, u64::MAX, 0x4141_4141_4141_4141, 0x5a5a_5a5a_5a5a_5a5a] {
                    let mask = 0xffu64 << (8 * lane);
                    let w = (neighbours & !mask) | u64::from(b) << (8 * lane);
                    let want = u64::from_le_bytes(w.to_le_bytes().map(|x| x.to_ascii_lowercase()));
                    assert_eq!(ascii_lowercase(w), want, "{w:#x}");
                }
            }
        }
        assert!(same(b"last-modified", b"last-modified"));
        assert!(!same(b"last-modified", b"last-modifieD"));
        assert!(!same(b"etag", b"etaf") && same(b"200", b"200") && !same(b"200", b"204"));
    }

    #[test]
    fn static_indices() {
        assert_eq!(static_name_index(b":authority"), Some(1));
        assert_eq!(static_name_index(b":status"), Some(STATUS_INDEX));
        // Any case; only letters fold.
        assert_eq!(static_name_index(b"Content-Type"), Some(31));
        assert_eq!(static_name_index(b"WWW-AUTHENTICATE"), Some(61));
        assert_eq!(static_name_index(b"content\rtype"), None);
        assert_eq!(static_name_index(b"Content-Typf"), None);
        assert_eq!(static_name_index(b"Age"), Some(21));
        assert_eq!(static_name_index(b"A\xc7e"), None);
        assert_eq!(static_field_index(b":status", b"304"), Some(11));
        assert_eq!(static_name_index(b"www-authenticate"), Some(61));
        assert_eq!(static_field_index(b":status", b"301"), None);
        assert_eq!(
            static_field_index(b"accept-encoding", b"gzip, deflate"),
            Some(16)
        );
        assert_eq!(
            static_field_index(b"accept-encoding", b"gzip, deflatE"),
            None
        );
        let t = DynamicTable::new(4096);
        assert_eq!(t.get(2), Some((&b":method"[..], &b"GET"[..])));
        assert_eq!(t.get(0), None);
        assert_eq!(t.get(62), None);
    }

    #[test]
    fn a_wrapped_entry_number_finds_no_entry_of_another_name() {
        let etag = static_name_index(b"etag").unwrap();
        let date = static_name_index(b"date").unwrap();
        let mut t = DynamicTable::new(4096);
        t.insert_static_named(etag, b"x");
        let number = t.newest_number();
        assert_eq!(t.find_numbered(number, etag, b"x"), Some(62));
        assert_eq!(t.find_numbered(number, etag, b"y"), None);
        // 2^16 entries later the number is the newest entry's again: a
        // date with the same value, which is not the etag asked for.
        for _ in 0..=u16::MAX {
            t.insert_static_named(date, b"x");
        }
        assert_eq!(t.newest_number(), number);
        assert_eq!(t.find_numbered(number, etag, b"x"), None);
        assert_eq!(t.find_numbered(number, date, b"x"), Some(62));
    }

    #[test]
    fn eviction_keeps_the_size_bound() {
        let mut t = DynamicTable::new(100);
        t.insert(b"a", b"1"); // 34
        t.insert(b"b", b"2"); // 68
        assert_eq!((t.len(), t.size()), (2, 68));
        assert_eq!(t.get(62), Some((&b"b"[..], &b"2"[..])));
        t.insert(b"c", b"3"); // 102 > 100: "a" goes
        assert_eq!((t.len(), t.size()), (2, 68));
        assert_eq!(t.find(b"a", b"1"), None);
        assert_eq!(t.find(b"b", b"2"), Some(63));
        t.set_max_size(40);
        assert_eq!((t.len(), t.size()), (1, 34));
        t.insert(b"too long to fit at all", b"");
        assert!(t.is_empty() && t.size() == 0);
    }
}
