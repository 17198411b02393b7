// Renders the social sharing image (static/og-image.png, 1200×630) from src/images/og-image.svg.
// Run after editing the SVG: npx tsx scripts/make-og-image.ts
import sharp from 'sharp';

sharp('src/images/og-image.svg')
  .png({ compressionLevel: 9, palette: true })
  .toFile('static/og-image.png')
  .then((info) => console.log(`static/og-image.png: ${info.width}×${info.height}, ${info.size} bytes`));
