import './styles/tokens.css';
import './styles/controls.css';
import './styles/layout.css';
import { render } from 'preact';
import { App } from './App.js';
import { applyTheme } from './theme.js';
import { loadSession } from './session.js';

applyTheme();
void loadSession();
render(<App />, document.getElementById('app') as HTMLElement);
