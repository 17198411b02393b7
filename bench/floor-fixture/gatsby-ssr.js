// The same <html lang> the site sets, so the floor's own SEO and accessibility audits are not skewed.
exports.onRenderBody = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: 'en' });
};
