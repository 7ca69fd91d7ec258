import { render } from 'preact';
import { App } from './App.js';
import { applyTheme } from './theme.js';
import { loadSession } from './session.js';
import './styles.css';

applyTheme();
void loadSession();
render(<App />, document.getElementById('app') as HTMLElement);
