// A calendar-query REPORT answer recorded from Radicale 3 (Debian's package, dev/caldav/radicale.ts) for the
// window 2026-09-27T14:00Z to 2026-10-18T13:00Z (Monday 28 September to Monday 19 October in Sydney), asked to
// expand recurrences: Radicale does not, so the weekly stand-up comes as its RRULE with an EXDATE and a moved
// instance. Recorded with tsdav's fetchCalendarObjects; answered with HTTP 207.
export const RADICALE_REPORT_CONTENT_TYPE = 'text/xml; charset=utf-8';

export const RADICALE_REPORT = `<?xml version='1.0' encoding='utf-8'?>
<multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/alice/work/free.ics</href><propstat><prop><getetag>"8bd3267ede5b76e8a57e4a7d38a098769a49d0d6a2eb71aa2f9ad5bd3b9c7f80"</getetag><C:calendar-data>BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Recorder//EN
BEGIN:VEVENT
UID:free
DTSTART:20261007T010000Z
DTEND:20261007T020000Z
DTSTAMP:20260901T000000Z
SUMMARY:Maybe lunch
TRANSP:TRANSPARENT
END:VEVENT
END:VCALENDAR
</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response><response><href>/alice/work/dentist.ics</href><propstat><prop><getetag>"b55a9066529df318f81b560860b1176ce4fbd787e65217aa336b68a300a3cea3"</getetag><C:calendar-data>BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Recorder//EN
BEGIN:VEVENT
UID:dentist
DTSTART:20260929T230000Z
DTEND:20260930T000000Z
DTSTAMP:20260901T000000Z
SUMMARY:Dentist — root canal
END:VEVENT
END:VCALENDAR
</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response><response><href>/alice/work/cancelled.ics</href><propstat><prop><getetag>"c41df4697fd2f64c7d1e71f628c9bc345b213674d67978f46cfd1768aacbfbeb"</getetag><C:calendar-data>BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Recorder//EN
BEGIN:VEVENT
UID:cancelled
DTSTART:20261008T010000Z
DTEND:20261008T020000Z
DTSTAMP:20260901T000000Z
STATUS:CANCELLED
SUMMARY:Board meeting
END:VEVENT
END:VCALENDAR
</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response><response><href>/alice/work/floating.ics</href><propstat><prop><getetag>"202a83aacbd1f7afb7164ffecdcded2be8bc08eb38d1661232211f42ab12d686"</getetag><C:calendar-data>BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Recorder//EN
BEGIN:VEVENT
UID:floating
DTSTART:20261014T100000
DTEND:20261014T110000
DTSTAMP:20260901T000000Z
SUMMARY:Gym
END:VEVENT
END:VCALENDAR
</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response><response><href>/alice/work/early.ics</href><propstat><prop><getetag>"b5473dda4291e046c355a5574be4f888e341e4e36e13e02125c9ec3c7f89b1d1"</getetag><C:calendar-data>BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Recorder//EN
BEGIN:VEVENT
UID:early
DTSTART:20260927T120000Z
DTEND:20260927T150000Z
DTSTAMP:20260901T000000Z
SUMMARY:Flight
END:VEVENT
END:VCALENDAR
</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response><response><href>/alice/work/standup.ics</href><propstat><prop><getetag>"0e02c4d775564cac76af7273086d8cb64be8f0fbe4bef2af7ddb4c8910a5a766"</getetag><C:calendar-data>BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Recorder//EN
BEGIN:VTIMEZONE
TZID:Australia/Sydney
BEGIN:STANDARD
DTSTART:19700405T030000
RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU
TZOFFSETFROM:+1100
TZOFFSETTO:+1000
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:19701004T020000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU
TZOFFSETFROM:+1000
TZOFFSETTO:+1100
END:DAYLIGHT
END:VTIMEZONE
BEGIN:VEVENT
UID:standup
DTSTART;TZID=Australia/Sydney:20260928T090000
DTEND;TZID=Australia/Sydney:20260928T100000
DTSTAMP:20260901T000000Z
EXDATE;TZID=Australia/Sydney:20261005T090000
RRULE:FREQ=WEEKLY;COUNT=6
SUMMARY:Stand-up
END:VEVENT
BEGIN:VEVENT
UID:standup
RECURRENCE-ID;TZID=Australia/Sydney:20261012T090000
DTSTART;TZID=Australia/Sydney:20261012T140000
DTEND;TZID=Australia/Sydney:20261012T150000
DTSTAMP:20260901T000000Z
SUMMARY:Stand-up (moved)
END:VEVENT
END:VCALENDAR
</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response><response><href>/alice/work/overlap-a.ics</href><propstat><prop><getetag>"05fe80b929fb2af5c5eb6921e14f52616f6ccf00c39fb05b0ad3e415eefe614e"</getetag><C:calendar-data>BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Recorder//EN
BEGIN:VEVENT
UID:overlap-a
DTSTART:20261009T000000Z
DTEND:20261009T010000Z
DTSTAMP:20260901T000000Z
SUMMARY:Interview
END:VEVENT
END:VCALENDAR
</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response><response><href>/alice/work/leave.ics</href><propstat><prop><getetag>"21121b8a87ebd6af5103704a7cbca14b220632a6416d2ee79e88522cb7af5fef"</getetag><C:calendar-data>BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Recorder//EN
BEGIN:VEVENT
UID:leave
DTSTART;VALUE=DATE:20261003
DTEND;VALUE=DATE:20261006
DTSTAMP:20260901T000000Z
SUMMARY:Annual leave
END:VEVENT
END:VCALENDAR
</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response><response><href>/alice/work/overlap-b.ics</href><propstat><prop><getetag>"e642d448efda8b8ce4a165f924fe5962cca87fa9d8320301169ea291424f10a2"</getetag><C:calendar-data>BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Recorder//EN
BEGIN:VEVENT
UID:overlap-b
DTSTART:20261009T003000Z
DTEND:20261009T020000Z
DTSTAMP:20260901T000000Z
SUMMARY:Workshop
END:VEVENT
END:VCALENDAR
</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>`;
