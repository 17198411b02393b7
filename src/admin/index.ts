// The entry of /admin (bundled by src/build/admin-bundle.ts, never part of the site's own bundles): Decap CMS with
// the configuration derived from the content registry, initialised by hand.
import CMS from 'decap-cms-app';
import type { ZodType } from 'zod';
import { cmsConfig, type BackendSettings } from './cms-config';
import { registerEditor } from './register-editor';

/** Set at bundle time from the build's environment (src/build/admin-settings.ts). */
declare const CMS_BACKEND_SETTINGS: BackendSettings;
/** The site's theme variables and global style sheet, for the preview pane (set at bundle time). */
declare const CMS_PREVIEW_CSS: string;

const checks = new Map<string, ZodType>();
const config = cmsConfig(CMS_BACKEND_SETTINGS, checks);
registerEditor(CMS, checks);
CMS.registerPreviewStyle(CMS_PREVIEW_CSS, { raw: true });
CMS.init({ config: config as never });
