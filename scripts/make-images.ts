// Renders the site's raster images from their SVG sources (run after editing an SVG):
// static/og-image.png (social sharing, 1200×630) and src/images/agent-dashboard.png (home page illustration,
// processed into responsive sizes by gatsby-plugin-image at build time).
import sharp from 'sharp';

const images = [
  { from: 'src/images/og-image.svg', to: 'static/og-image.png' },
  { from: 'src/images/agent-dashboard.svg', to: 'src/images/agent-dashboard.png' },
];

for (const image of images) {
  sharp(image.from)
    .png({ compressionLevel: 9, palette: true })
    .toFile(image.to)
    .then((info) => console.log(`${image.to}: ${info.width}×${info.height}, ${info.size} bytes`));
}
