// The renderer's entry: one engine client (desktop preload or browser-mode socket), one app state, one root component.
import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';
import { getClient } from './lib/client/index.js';
import { AppState } from './lib/state/app.svelte.js';

const target = document.getElementById('app');
if (target) {
  const app = new AppState(getClient());
  // The place the address names (a reload or a bookmark), before the first screen is drawn.
  if (window.location.hash) void app.restore(window.location.hash);
  mount(App, { target, props: { app } });
}
