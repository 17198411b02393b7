import styled from 'styled-components';

const Heading = styled.h1`
  font-family: system-ui, sans-serif;
`;

export default function IndexPage() {
  return (
    <main>
      <Heading>Floor</Heading>
      <p>A bare Gatsby page: one heading and a paragraph, the baseline every route is compared with.</p>
    </main>
  );
}

export const Head = () => (
  <>
    <title>Floor</title>
    <link rel="icon" href="data:," />
    <meta name="description" content="The smallest Gatsby 5 page on this stack, measured as the floor." />
  </>
);
