// A page's frequently asked questions for search engines: schema.org FAQPage structured data, each Question with
// its acceptedAnswer, the same words the page shows.
export type FaqEntry = { readonly question: string; readonly answer: string };

export function faqJsonLd(questions: readonly FaqEntry[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: questions.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}
