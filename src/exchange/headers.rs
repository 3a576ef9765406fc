//! Header fields as name/value pairs, in order, names as sent. Stored in
//! one byte buffer with spans, so a request's fields cost two allocations
//! however many there are. A name the server writes itself can be a
//! `KnownName`, which the field keeps, so the code that encodes a head
//! knows it by number rather than by its bytes (h2o's tokens).

use std::cell::Cell;
use std::fmt;
use std::ops::Range;

/// Field names the server writes itself, in every response of a kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnownName {
    AcceptRanges,
    ContentEncoding,
    ContentLength,
    ContentRange,
    ContentType,
    Date,
    ETag,
    LastModified,
    Location,
    Server,
    Vary,
}

impl KnownName {
    /// Every name, each at its own number (`self as usize`).
    pub const ALL: [KnownName; 11] = [
        KnownName::AcceptRanges,
        KnownName::ContentEncoding,
        KnownName::ContentLength,
        KnownName::ContentRange,
        KnownName::ContentType,
        KnownName::Date,
        KnownName::ETag,
        KnownName::LastModified,
        KnownName::Location,
        KnownName::Server,
        KnownName::Vary,
    ];

    /// The length of the longest name.
    pub const LONGEST: usize = {
        let mut longest = 0;
        let mut i = 0;
        while i < KnownName::ALL.len() {
            let len = KnownName::ALL[i].as_str().len();
            if len > longest {
                longest = len;
            }
            i += 1;
        }
        longest
    };

    /// The name as HTTP/1 responses spell it.
    pub const fn as_str(self) -> &'static str {
        match self {
            KnownName::AcceptRanges => "Accept-Ranges",
            KnownName::ContentEncoding => "Content-Encoding",
            KnownName::ContentLength => "Content-Length",
            KnownName::ContentRange => "Content-Range",
            KnownName::ContentType => "Content-Type",
            KnownName::Date => "Date",
            KnownName::ETag => "ETag",
            KnownName::LastModified => "Last-Modified",
            KnownName::Location => "Location",
            KnownName::Server => "Server",
            KnownName::Vary => "Vary",
        }
    }

    /// The name in lower case, as HTTP/2 sends it.
    pub const fn lower_case(self) -> &'static str {
        match self {
            KnownName::AcceptRanges => "accept-ranges",
            KnownName::ContentEncoding => "content-encoding",
            KnownName::ContentLength => "content-length",
            KnownName::ContentRange => "content-range",
            KnownName::ContentType => "content-type",
            KnownName::Date => "date",
            KnownName::ETag => "etag",
            KnownName::LastModified => "last-modified",
            KnownName::Location => "location",
            KnownName::Server => "server",
            KnownName::Vary => "vary",
        }
    }
}

/// A field's name as `Headers::append` takes it: text, or a `KnownName`.
pub trait FieldName {
    fn text(&self) -> &str;
    fn known(&self) -> Option<KnownName>;
}

impl FieldName for &str {
    fn text(&self) -> &str {
        self
    }
    fn known(&self) -> Option<KnownName> {
        None
    }
}

impl FieldName for KnownName {
    fn text(&self) -> &str {
        self.as_str()
    }
    fn known(&self) -> Option<KnownName> {
        Some(*self)
    }
}

/// One field as `Headers::fields` gives it. `known`: the name was
/// appended as that `KnownName` (`None` says nothing: a name appended as
/// text may still be one of them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldRef<'a> {
    pub known: Option<KnownName>,
    pub name: &'a [u8],
    pub value: &'a [u8],
}

impl<'a> FieldRef<'a> {
    /// A field that is not in any `Headers`.
    pub fn new(name: KnownName, value: &'a [u8]) -> FieldRef<'a> {
        FieldRef {
            known: Some(name),
            name: name.as_str().as_bytes(),
            value,
        }
    }

    /// Its name is `name`, in any case.
    pub fn is(&self, name: KnownName) -> bool {
        match self.known {
            Some(known) => known == name,
            None => self.name.eq_ignore_ascii_case(name.as_str().as_bytes()),
        }
    }
}

#[derive(Debug, Clone, Default)]
struct Field {
    /// Empty for a known name: its text is `known`'s, not copied.
    name: Range<u32>,
    value: Range<u32>,
    known: Option<KnownName>,
}

#[derive(Clone, Default)]
pub struct Headers {
    bytes: Vec<u8>,
    fields: Vec<Field>,
}

/// The buffers of a dropped `Headers`, emptied, for the next one this
/// thread makes with room (h2o's `h2o_mem_recycle`): a file's answer makes
/// its fields and drops them once per response, and would otherwise pay
/// two allocations and two frees each time. One set is kept, and only a
/// small one: large fields (a back end's) are not held on to.
struct Spare {
    bytes: Vec<u8>,
    fields: Vec<Field>,
}

/// The most a kept `Spare` may hold: room for a file's answer and more.
const SPARE_MAX_BYTES: usize = 1024;
const SPARE_MAX_FIELDS: usize = 32;

thread_local! {
    static SPARE: Cell<Option<Spare>> = const { Cell::new(None) };
}

impl Headers {
    pub fn new() -> Headers {
        Headers::default()
    }

    /// Room for `fields` fields of a typical length, from the thread's
    /// spare buffers when it has some.
    pub fn with_capacity(fields: usize) -> Headers {
        if let Some(spare) = SPARE.try_with(Cell::take).ok().flatten() {
            let mut headers = Headers {
                bytes: spare.bytes,
                fields: spare.fields,
            };
            headers.fields.reserve(fields);
            return headers;
        }
        Headers {
            bytes: Vec::with_capacity(fields * 32),
            fields: Vec::with_capacity(fields),
        }
    }

    fn push_bytes(&mut self, b: &[u8]) -> Range<u32> {
        let start = self.bytes.len() as u32;
        self.bytes.extend_from_slice(b);
        start..self.bytes.len() as u32
    }

    /// Adds a field at the end. Names are tokens (checked by the parsers
    /// and by the code that writes constant names).
    pub fn append(&mut self, name: impl FieldName, value: impl AsRef<[u8]>) {
        let known = name.known();
        let name = match known {
            Some(_) => 0..0,
            None => self.push_bytes(name.text().as_bytes()),
        };
        let value = self.push_bytes(value.as_ref());
        self.fields.push(Field { name, value, known });
    }

    /// Replaces every field named `name` (any case) with one field (its
    /// bytes stay in the buffer until the headers are dropped).
    pub fn set(&mut self, name: impl FieldName, value: impl AsRef<[u8]>) {
        self.remove(name.text());
        self.append(name, value);
    }

    /// Drops every field named `name` (any case).
    pub fn remove(&mut self, name: &str) {
        let bytes = &self.bytes;
        self.fields
            .retain(|f| !name_of(bytes, f).eq_ignore_ascii_case(name.as_bytes()));
    }

    fn slice(&self, r: &Range<u32>) -> &[u8] {
        &self.bytes[r.start as usize..r.end as usize]
    }

    fn name(&self, f: &Field) -> &[u8] {
        name_of(&self.bytes, f)
    }

    /// Every field, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &[u8])> {
        self.fields.iter().map(|f| {
            // Names are appended from &str only.
            let name = match f.known {
                Some(known) => known.as_str(),
                None => std::str::from_utf8(self.slice(&f.name)).unwrap_or(""),
            };
            (name, self.slice(&f.value))
        })
    }

    /// Every field, in order, the name as bytes (no UTF-8 check) and, if
    /// it was appended as one, its `KnownName`: for the writers of heads.
    pub fn fields(&self) -> impl Iterator<Item = FieldRef<'_>> {
        self.fields.iter().map(|f| FieldRef {
            known: f.known,
            name: self.name(f),
            value: self.slice(&f.value),
        })
    }

    /// The value of the first field named `name` (any case); names are
    /// compared as bytes, with no UTF-8 check of each.
    pub fn get(&self, name: &str) -> Option<&[u8]> {
        self.fields
            .iter()
            .find(|f| self.name(f).eq_ignore_ascii_case(name.as_bytes()))
            .map(|f| self.slice(&f.value))
    }

    /// Every value of the fields named `name` (any case), in order.
    pub fn get_all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a [u8]> + Clone + 'a {
        self.fields
            .iter()
            .filter(move |f| self.name(f).eq_ignore_ascii_case(name.as_bytes()))
            .map(|f| self.slice(&f.value))
    }

    pub fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Whether a `Server` and a `Date` field are among them, appended as
    /// known names or as text (a back end's): the protocols add their own
    /// only where the handler set none.
    pub fn has_server_and_date(&self) -> (bool, bool) {
        self.fields().fold((false, false), |(server, date), field| {
            (
                server || field.is(KnownName::Server),
                date || field.is(KnownName::Date),
            )
        })
    }

    /// Empties it, keeping its buffers for the next fields.
    pub fn clear(&mut self) {
        self.bytes.clear();
        self.fields.clear();
    }

    /// At least the bytes these fields take in an HTTP/1 head
    /// (`name: value` and CRLF each), found without a pass over them: the
    /// buffer holds every value and every name appended as text, and a
    /// known name is at most the longest one.
    pub fn encoded_len_bound(&self) -> usize {
        self.bytes.len() + self.fields.len() * (KnownName::LONGEST + ": \r\n".len())
    }

    /// The bytes its buffers hold room for.
    pub fn capacity(&self) -> usize {
        self.bytes.capacity() + self.fields.capacity() * std::mem::size_of::<Field>()
    }

    /// How many fields there are.
    pub fn len(&self) -> usize {
        self.fields.len()
    }

    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }
}

impl Drop for Headers {
    fn drop(&mut self) {
        if self.fields.capacity() == 0
            || self.fields.capacity() > SPARE_MAX_FIELDS
            || self.bytes.capacity() > SPARE_MAX_BYTES
        {
            return;
        }
        let _ = SPARE.try_with(|slot| {
            let kept = slot.take();
            slot.set(Some(kept.unwrap_or_else(|| {
                self.clear();
                Spare {
                    bytes: std::mem::take(&mut self.bytes),
                    fields: std::mem::take(&mut self.fields),
                }
            })));
        });
    }
}

/// `f`'s name: its known name's text, or its bytes in `bytes`.
fn name_of<'a>(bytes: &'a [u8], f: &Field) -> &'a [u8] {
    match f.known {
        Some(known) => known.as_str().as_bytes(),
        None => &bytes[f.name.start as usize..f.name.end as usize],
    }
}

/// The items of a list-valued field's line (RFC 9110 5.6.1).
pub fn list_items(value: &[u8]) -> impl Iterator<Item = &[u8]> {
    value.split(|&b| b == b',').map(<[u8]>::trim_ascii)
}

impl fmt::Debug for Headers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(
                self.iter()
                    .map(|(n, v)| format!("{n}: {}", String::from_utf8_lossy(v))),
            )
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dropped_small_set_lends_its_buffers_to_the_next_empty() {
        let mut h = Headers::with_capacity(4);
        h.append(KnownName::ETag, "\"1\"");
        let (bytes, fields) = (h.bytes.as_ptr(), h.fields.as_ptr());
        drop(h);
        let again = Headers::with_capacity(4);
        assert!(again.is_empty() && again.bytes.is_empty());
        assert_eq!(
            (again.bytes.as_ptr(), again.fields.as_ptr()),
            (bytes, fields)
        );
        // `again` holds the spare: the slot is empty. Too large to keep,
        // a set is freed and the slot stays empty.
        let mut large = Headers::with_capacity(4);
        large.append("X-Large", vec![b'a'; SPARE_MAX_BYTES + 1]);
        drop(large);
        assert!(SPARE.take().is_none());
        drop(again);
        assert!(SPARE
            .take()
            .is_some_and(|spare| spare.bytes.as_ptr() == bytes));
    }

    #[test]
    fn the_encoded_length_bound_holds_every_field() {
        let mut h = Headers::new();
        h.append(KnownName::ContentEncoding, "br");
        h.append(KnownName::ETag, "\"1\"");
        h.append("X-Long-Name-Appended-As-Text", "value");
        h.set("x-long-name-appended-as-text", "another value");
        h.append(KnownName::Vary, "");
        let encoded: usize = h.fields().map(|f| f.name.len() + f.value.len() + 4).sum();
        assert!(encoded <= h.encoded_len_bound(), "{encoded}");
        assert_eq!(KnownName::LONGEST, "Content-Encoding".len());
    }

    #[test]
    fn order_case_and_replacement() {
        let mut h = Headers::new();
        h.append("Host", "a");
        h.append("X-Y", b"1".as_slice());
        h.append("x-y", "2");
        assert_eq!(h.get("HOST"), Some(&b"a"[..]));
        assert_eq!(h.get_all("X-y").collect::<Vec<_>>(), [b"1", b"2"]);
        let all: Vec<_> = h.iter().map(|(n, v)| (n.to_string(), v.to_vec())).collect();
        assert_eq!(all[2], ("x-y".into(), b"2".to_vec()));
        assert!(h.contains("host") && !h.contains("hos"));
    }

    #[test]
    fn known_names_are_kept_and_match_their_text_in_any_case() {
        for (i, known) in KnownName::ALL.into_iter().enumerate() {
            assert_eq!(known as usize, i);
            assert_eq!(known.as_str().to_ascii_lowercase(), known.lower_case());
        }
        let mut h = Headers::new();
        h.append(KnownName::ETag, "\"1\"");
        h.append("etag", "\"2\"");
        h.append("X-Tag", "3");
        let fields: Vec<_> = h.fields().collect();
        assert_eq!(fields[0].known, Some(KnownName::ETag));
        assert_eq!(fields[0].name, b"ETag");
        assert_eq!(fields[1].known, None);
        // A name appended as text is still that name.
        assert!(fields[0].is(KnownName::ETag) && fields[1].is(KnownName::ETag));
        assert!(!fields[2].is(KnownName::ETag) && !fields[0].is(KnownName::Date));
        assert_eq!(h.has_server_and_date(), (false, false));
        h.append("SERVER", "back end");
        assert_eq!(h.has_server_and_date(), (true, false));
        h.append(KnownName::Date, "then");
        assert_eq!(h.has_server_and_date(), (true, true));
        assert_eq!(h.get_all("ETAG").count(), 2);
        h.set(KnownName::ETag, "\"4\"");
        assert_eq!(h.get_all("etag").collect::<Vec<_>>(), [b"\"4\""]);
        assert_eq!(h.fields().last().unwrap().known, Some(KnownName::ETag));
    }
}
