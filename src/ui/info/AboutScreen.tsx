import { ScreenHeader } from '../shell/ScreenHeader';
import * as m from '../words/paraglide/messages.js';
import './info.css';

export function About() {
  return (
    <main class="text-screen">
      <ScreenHeader title={m.info_about_title()} />
      <p>{m.info_about_intro()}</p>
      <p>{m.info_about_engine()}</p>
      <p>{m.info_about_version({ version: import.meta.env.VITE_APP_VERSION ?? '0.1.0' })}</p>
    </main>
  );
}
