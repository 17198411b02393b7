import './src/styles/global.css';

export { wrapPageElement, wrapRootElement } from './src/gatsby-wrappers';
