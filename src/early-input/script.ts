// What a visitor does between the first paint and hydration (a ~2 s window on a phone, because the scripts
// load after the first paint) must not be lost. This inline script, in every page's head, holds that input in
// the DOM until the components mount and adopt it (see ./adopt.ts):
// - a tap on a `data-early-action` button flips its aria-expanded at once (the menu opens through CSS; the
//   chat launcher also shows aria-busy until its panel is there);
// - Escape closes again whatever such a tap opened, and focus goes to its button, as it does once hydrated;
// - a form submitted early is not sent natively (that would reload the page with the answers in the URL)
//   but marked, and the form submits it once it has adopted the typed values;
// - a field typed into early is marked, so a stored draft never overwrites it.
// It stands aside once hydration has committed and the components have adopted what it held (the root
// element gets `data-hydrated`, ./hydrate.tsx), except inside a part still marked `data-early-pending`, whose
// code loads later (./LateHydration.tsx): typing and submits there are held until that part is ready. Until
// then the taps and submits it handles stop here, so React, which attaches its listeners before it has finished
// hydrating, never handles them too. It is hashed into each page's Content-Security-Policy like every inline script (src/build/security-headers.ts).

import {
  EARLY_ACTION_ATTRIBUTE,
  EARLY_EDITED_ATTRIBUTE,
  EARLY_PENDING_ATTRIBUTE,
  EARLY_SUBMIT_ATTRIBUTE,
  GATSBY_ROOT_ID,
  HYDRATED_ATTRIBUTE,
} from './attributes';

export const EARLY_INPUT_SCRIPT =
  '(function(d){' +
  'function live(t){var r=d.getElementById("' +
  GATSBY_ROOT_ID +
  '");return!!r&&r.hasAttribute("' +
  HYDRATED_ATTRIBUTE +
  '")&&!(t&&t.closest&&t.closest("[' +
  EARLY_PENDING_ATTRIBUTE +
  ']"))}' +
  'd.addEventListener("click",function(e){if(live())return;' +
  'var b=e.target.closest&&e.target.closest("[' +
  EARLY_ACTION_ATTRIBUTE +
  ']");if(!b)return;e.stopPropagation();' +
  'var o=b.getAttribute("aria-expanded")!=="true";b.setAttribute("aria-expanded",""+o);' +
  'if(b.getAttribute("' +
  EARLY_ACTION_ATTRIBUTE +
  '")==="chat"){if(o)b.setAttribute("aria-busy","true");else b.removeAttribute("aria-busy")}},true);' +
  'd.addEventListener("keydown",function(e){if(live()||e.key!=="Escape")return;' +
  'var o=d.querySelectorAll("[' +
  EARLY_ACTION_ATTRIBUTE +
  '][aria-expanded=true]");if(!o.length)return;e.stopPropagation();' +
  'for(var i=0;i<o.length;i++){o[i].setAttribute("aria-expanded","false");o[i].removeAttribute("aria-busy")}' +
  'o[o.length-1].focus()},true);' +
  'd.addEventListener("input",function(e){if(!live(e.target)&&e.target.setAttribute)e.target.setAttribute("' +
  EARLY_EDITED_ATTRIBUTE +
  '","")},true);' +
  'd.addEventListener("submit",function(e){if(live(e.target))return;e.preventDefault();e.stopPropagation();e.target.setAttribute("' +
  EARLY_SUBMIT_ATTRIBUTE +
  '","")},true)' +
  '})(document)';
