//! The `Date` header value, formatted once per second rather than per
//! response.

use std::time::UNIX_EPOCH;

pub struct HttpDate {
    second: u64,
    text: String,
}

impl Default for HttpDate {
    fn default() -> Self {
        HttpDate {
            second: u64::MAX,
            text: String::new(),
        }
    }
}

impl HttpDate {
    /// The current time in IMF-fixdate form.
    pub fn now(&mut self) -> &str {
        let since_epoch = crate::clock::coarse_wall();
        let second = since_epoch.as_secs();
        if second != self.second {
            self.second = second;
            self.text = httpdate::fmt_http_date(UNIX_EPOCH + since_epoch);
        }
        &self.text
    }
}
