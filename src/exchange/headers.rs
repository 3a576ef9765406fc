//! Header fields as name/value pairs, in order, names as sent. Stored in
//! one byte buffer with spans, so a request's fields cost two allocations
//! however many there are. A name the server writes itself can be a
//! `KnownName`, which the field keeps, so the code that encodes a head
//! knows it by number rather than by its bytes (h2o's tokens).
//!
//! Fields that many responses send alike (a cached file's validators and
//! type) can lead a `Headers` as a `SharedFields`, built once with their
//! HTTP/1 encoding: every reader still sees them as fields, and the HTTP/1
//! head copies their encoding whole instead of field by field.

use std::cell::Cell;
use std::fmt;
use std::ops::Range;
use std::rc::Rc;

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
    /// Fields ahead of `fields`, shared with other heads.
    shared: Option<Rc<SharedFields>>,
    bytes: Vec<u8>,
    fields: Vec<Field>,
}

/// Fields that lead many heads alike, with what writing them takes: their
/// HTTP/1 encoding (`Name: value` and CRLF each), and whether `Server` or
/// `Date` is among them. Built once (for a cached file, when it is
/// opened); a `Headers` that changes one of them copies them out first.
pub struct SharedFields {
    fields: Headers,
    http1: Box<[u8]>,
    server: bool,
    date: bool,
}

impl SharedFields {
    pub fn new(fields: Headers) -> Rc<SharedFields> {
        let mut fields = fields.unshared();
        // Kept as long as the cache entry that made it: no room to spare.
        fields.bytes.shrink_to_fit();
        fields.fields.shrink_to_fit();
        let mut http1 = Vec::with_capacity(fields.encoded_len_bound());
        for field in fields.fields() {
            for piece in [field.name, b": ", field.value, b"\r\n"] {
                http1.extend_from_slice(piece);
            }
        }
        let (server, date) = fields.has_server_and_date();
        Rc::new(SharedFields {
            fields,
            http1: http1.into_boxed_slice(),
            server,
            date,
        })
    }

    /// The fields as an HTTP/1 head writes them.
    pub fn http1(&self) -> &[u8] {
        &self.http1
    }

    /// Whether a `Server` and a `Date` field are among them.
    pub fn server_and_date(&self) -> (bool, bool) {
        (self.server, self.date)
    }
}

impl fmt::Debug for SharedFields {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fields.fmt(f)
    }
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
                shared: None,
                bytes: spare.bytes,
                fields: spare.fields,
            };
            headers.fields.reserve(fields);
            return headers;
        }
        Headers {
            shared: None,
            bytes: Vec::with_capacity(fields * 32),
            fields: Vec::with_capacity(fields),
        }
    }

    /// Headers led by `shared`, with no room taken for more: most heads
    /// that share fields add none or one.
    pub fn sharing(shared: Rc<SharedFields>) -> Headers {
        Headers {
            shared: Some(shared),
            bytes: Vec::new(),
            fields: Vec::new(),
        }
    }

    /// The shared fields leading these, if any.
    pub fn shared(&self) -> Option<&SharedFields> {
        self.shared.as_deref()
    }

    /// These fields with none shared: the shared ones copied in front.
    fn unshared(mut self) -> Headers {
        self.unshare();
        self
    }

    fn unshare(&mut self) {
        let Some(shared) = self.shared.take() else {
            return;
        };
        let own = std::mem::take(self);
        self.bytes
            .reserve(shared.fields.bytes.len() + own.bytes.len());
        self.fields.reserve(shared.fields.len() + own.len());
        for field in shared.fields.fields().chain(own.fields()) {
            match field.known {
                Some(known) => self.append(known, field.value),
                None => self.append_bytes(field.name, field.value),
            }
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

    /// `append` of a name already known to be a token, as bytes.
    fn append_bytes(&mut self, name: &[u8], value: &[u8]) {
        let name = self.push_bytes(name);
        let value = self.push_bytes(value);
        self.fields.push(Field {
            name,
            value,
            known: None,
        });
    }

    /// Replaces every field named `name` (any case) with one field (its
    /// bytes stay in the buffer until the headers are dropped).
    pub fn set(&mut self, name: impl FieldName, value: impl AsRef<[u8]>) {
        self.remove(name.text());
        self.append(name, value);
    }

    /// Drops every field named `name` (any case).
    pub fn remove(&mut self, name: &str) {
        if self
            .shared
            .as_ref()
            .is_some_and(|shared| shared.fields.contains(name))
        {
            self.unshare();
        }
        let bytes = &self.bytes;
        self.fields
            .retain(|f| !name_of(bytes, f).eq_ignore_ascii_case(name.as_bytes()));
    }

    /// Every field, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &[u8])> {
        self.fields().map(|f| {
            // Names are appended from &str only.
            let name = match f.known {
                Some(known) => known.as_str(),
                None => std::str::from_utf8(f.name).unwrap_or(""),
            };
            (name, f.value)
        })
    }

    /// Every field, in order, the name as bytes (no UTF-8 check) and, if
    /// it was appended as one, its `KnownName`: for the writers of heads.
    pub fn fields(&self) -> Fields<'_> {
        let (shared, shared_bytes) = match &self.shared {
            Some(s) => (&s.fields.fields[..], &s.fields.bytes[..]),
            None => (&[][..], &[][..]),
        };
        Fields {
            shared: shared.iter(),
            shared_bytes,
            own: self.fields.iter(),
            own_bytes: &self.bytes,
        }
    }

    /// The fields after the shared ones: all of them for a `Headers` that
    /// shares none.
    pub fn own_fields(&self) -> Fields<'_> {
        Fields {
            shared: [].iter(),
            shared_bytes: &[],
            own: self.fields.iter(),
            own_bytes: &self.bytes,
        }
    }

    /// The value of the first field named `name` (any case); names are
    /// compared as bytes, with no UTF-8 check of each.
    pub fn get(&self, name: &str) -> Option<&[u8]> {
        self.fields()
            .find(|f| f.name.eq_ignore_ascii_case(name.as_bytes()))
            .map(|f| f.value)
    }

    /// Every value of the fields named `name` (any case), in order.
    pub fn get_all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a [u8]> + Clone + 'a {
        self.fields()
            .filter(move |f| f.name.eq_ignore_ascii_case(name.as_bytes()))
            .map(|f| f.value)
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
        self.shared = None;
        self.bytes.clear();
        self.fields.clear();
    }

    /// At least the bytes these fields take in an HTTP/1 head
    /// (`name: value` and CRLF each), found without a pass over them: the
    /// buffer holds every value and every name appended as text, and a
    /// known name is at most the longest one.
    pub fn encoded_len_bound(&self) -> usize {
        let shared = self.shared.as_ref().map_or(0, |s| s.http1.len());
        shared + self.bytes.len() + self.fields.len() * (KnownName::LONGEST + ": \r\n".len())
    }

    /// The bytes its own buffers hold room for (shared fields are not its).
    pub fn capacity(&self) -> usize {
        self.bytes.capacity() + self.fields.capacity() * std::mem::size_of::<Field>()
    }

    /// How many fields there are.
    pub fn len(&self) -> usize {
        self.shared.as_ref().map_or(0, |s| s.fields.len()) + self.fields.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
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

/// `Headers::fields`: the shared ones, then its own. (A hand-made
/// iterator, not a `Chain`: every request's fields are read through this,
/// and most have no shared ones, so that side costs one comparison.)
#[derive(Clone)]
pub struct Fields<'a> {
    shared: std::slice::Iter<'a, Field>,
    shared_bytes: &'a [u8],
    own: std::slice::Iter<'a, Field>,
    own_bytes: &'a [u8],
}

impl<'a> Iterator for Fields<'a> {
    type Item = FieldRef<'a>;

    fn next(&mut self) -> Option<FieldRef<'a>> {
        let (f, bytes) = match self.shared.next() {
            Some(f) => (f, self.shared_bytes),
            None => (self.own.next()?, self.own_bytes),
        };
        Some(FieldRef {
            known: f.known,
            name: name_of(bytes, f),
            value: &bytes[f.value.start as usize..f.value.end as usize],
        })
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
    fn shared_fields_read_as_fields_and_are_copied_out_to_change() {
        let mut block = Headers::new();
        block.append(KnownName::ETag, "\"1\"");
        block.append("X-Shared", "yes");
        let shared = SharedFields::new(block);
        assert_eq!(shared.http1(), b"ETag: \"1\"\r\nX-Shared: yes\r\n");
        let mut h = Headers::sharing(shared.clone());
        h.append(KnownName::Vary, "Accept-Encoding");
        h.append("x-shared", "also");
        assert_eq!(h.len(), 4);
        assert_eq!(h.get("etag"), Some(&b"\"1\""[..]));
        assert_eq!(
            h.get_all("X-SHARED").collect::<Vec<_>>(),
            [&b"yes"[..], b"also"]
        );
        let names: Vec<_> = h.iter().map(|(n, _)| n.to_string()).collect();
        assert_eq!(names, ["ETag", "X-Shared", "Vary", "x-shared"]);
        assert_eq!(h.own_fields().count(), 2);
        assert_eq!(shared.server_and_date(), (false, false));
        let encoded: usize = h.fields().map(|f| f.name.len() + f.value.len() + 4).sum();
        assert!(encoded <= h.encoded_len_bound(), "{encoded}");
        // Removing a name no shared field has keeps them shared.
        h.remove("vary");
        assert!(h.shared().is_some() && h.len() == 3);
        // Replacing a shared one copies them out, in order, and leaves the
        // block as it was for every other head.
        h.set(KnownName::ETag, "\"2\"");
        assert!(h.shared().is_none());
        let all: Vec<_> = h.iter().map(|(n, v)| (n.to_string(), v.to_vec())).collect();
        assert_eq!(
            all,
            [
                ("X-Shared".into(), b"yes".to_vec()),
                ("x-shared".into(), b"also".to_vec()),
                ("ETag".into(), b"\"2\"".to_vec()),
            ]
        );
        assert_eq!(h.fields().last().unwrap().known, Some(KnownName::ETag));
        assert_eq!(Headers::sharing(shared).get("etag"), Some(&b"\"1\""[..]));
        let mut dated = Headers::new();
        dated.append("date", "then");
        let h = Headers::sharing(SharedFields::new(dated));
        assert_eq!(h.shared().unwrap().server_and_date(), (false, true));
        assert_eq!(h.has_server_and_date(), (false, true));
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
