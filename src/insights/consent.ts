// The browser's word is final: under Do Not Track or Global Privacy Control nothing is counted, queued or sent,
// and no visit id is made. (The older spellings, IE's msDoNotTrack and window.doNotTrack, belong to browsers the
// site does not support.)
type PrivacySignals = { doNotTrack?: string | null; globalPrivacyControl?: boolean };

export function countingRefused(): boolean {
  const browser: PrivacySignals = navigator;
  return browser.doNotTrack == '1' || !!browser.globalPrivacyControl;
}
