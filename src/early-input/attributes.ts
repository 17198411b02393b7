// The marks the early-input script (./script.ts) leaves in the DOM for the components to adopt.
/** Marks a button whose tap before hydration is kept: `chat` or `menu`. */
export const EARLY_ACTION_ATTRIBUTE = 'data-early-action';
/** Set on a form submitted before hydration. */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';
/** Set on a form control the visitor typed into (or cleared) before hydration. */
export const EARLY_EDITED_ATTRIBUTE = 'data-early-edited';
/**
 * Set on a part of the page whose code loads after the rest (a landing page's form) until that part has
 * hydrated and adopted the early input: inside it, the script keeps holding typing and submits.
 */
export const EARLY_PENDING_ATTRIBUTE = 'data-early-pending';
/** The element Gatsby hydrates. */
export const GATSBY_ROOT_ID = '___gatsby';
/** Set on Gatsby's root element once hydration has committed and every component has adopted the early input. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
