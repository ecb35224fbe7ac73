/**
 * Home's install offer (where the browser offers one): its own module, fetched when the offer comes, so
 * the first screen carries neither it nor its words.
 */
import { dismissInstall, install, installDismissed, installPrompt } from '../shell/install';
import { needsIosSteps, pageTraits } from './ios-steps';
import * as m from '../words/paraglide/messages.js';
import './home.css';

/** The install offer's card, until the player installs the app or says "Not now" (HomeScreen's InstallOffer). */
export function InstallCard() {
  if (installDismissed.value) return null;
  if (!installPrompt.value) return needsIosSteps(pageTraits()) ? <IosSteps /> : null;
  return (
    <section class="install-card" aria-labelledby="install-heading">
      <h2 id="install-heading">{m.home_install_heading()}</h2>
      <p>{m.home_install_text()}</p>
      <div class="install-buttons">
        <button type="button" class="primary" onClick={() => void install()}>
          {m.home_install_button()}
        </button>
        <button type="button" onClick={dismissInstall}>
          {m.home_install_not_now()}
        </button>
      </div>
    </section>
  );
}

/** iPhone and iPad: no install button is possible there; Safari's Share menu has Add to Home Screen. */
function IosSteps() {
  return (
    <section class="install-card" aria-labelledby="install-heading">
      <h2 id="install-heading">{m.home_install_heading()}</h2>
      <p>{m.home_install_ios_steps()}</p>
      <div class="install-buttons">
        <button type="button" onClick={dismissInstall}>
          {m.home_install_ios_done()}
        </button>
      </div>
    </section>
  );
}
