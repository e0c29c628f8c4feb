/**
 * The web editor's entry (built into public/admin/ by plugins/decap-admin, never into the public
 * pages): the configuration, the previews and the site's styles for the preview pane.
 */
import CMS from "decap-cms-app";
import "../styles/global.css";
import { cmsConfig, type BackendSettings } from "./config";
import { AnnouncementPreview, ProgramPreview } from "./previews";

declare const CMS_BACKEND: BackendSettings;

CMS.registerPreviewTemplate("announcements", AnnouncementPreview);
CMS.registerPreviewTemplate("programs", ProgramPreview);
CMS.init({ config: cmsConfig(CMS_BACKEND) });
