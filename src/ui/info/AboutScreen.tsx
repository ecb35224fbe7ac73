import { ScreenHeader } from '../shell/ScreenHeader';

export function About() {
  return (
    <main class="text-screen">
      <ScreenHeader title="About" />
      <p>
        Pente for phones, tablets and desktops: play against the computer or a friend, online or offline. Your games
        stay on this device.
      </p>
      <p>
        The computer opponent searches in a background worker so the board stays responsive while it thinks. The rules
        follow pente.org, and games can be exported in its record format.
      </p>
      <p>Version {import.meta.env.VITE_APP_VERSION ?? '0.1.0'}.</p>
    </main>
  );
}
