import { render } from 'preact';
import './styles.css';
import { App } from './app';
import { wordsFor } from './words';

/** The link is `/c/{token}`: the token is the person's only credential. */
const token = decodeURIComponent(location.pathname.split('/c/')[1]?.split('/')[0] ?? '');
const words = wordsFor(navigator.languages);
document.documentElement.lang = words.lang;
document.title = words.title;
const root = document.getElementById('page');
if (root !== null) render(<App words={words} token={token} />, root);
