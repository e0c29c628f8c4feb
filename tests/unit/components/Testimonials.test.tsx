import { renderToStaticMarkup } from "react-dom/server";
import { ratingText, Testimonials } from "../../../src/components/Testimonials";

describe("proof a visitor trusts", () => {
  const reviews = [{ quote: "Best gym.", name: "Linda", memberSince: 2023, postedOn: "Google" }];

  test("each review says where it was posted, and the Google rating staff entered links to the reviews", () => {
    const html = renderToStaticMarkup(
      <Testimonials items={reviews} googleRating={{ rating: 5, count: 87, url: "https://g.page/r/example/review" }} />,
    );
    expect(html).toContain("<strong>Linda</strong>");
    expect(html).toContain("Member since 2023, posted on Google");
    expect(html).toContain("<strong>5.0 out of 5</strong> from 87 reviews on Google.");
    expect(html).toContain('<a href="https://g.page/r/example/review">Read them on Google</a>');
  });

  test("without a rating, only the reviews", () => {
    const html = renderToStaticMarkup(<Testimonials items={reviews} googleRating={null} />);
    expect(html).not.toContain("out of 5");
  });

  test("a rating reads as Google writes it", () => {
    expect([4.8, 5, 4.25, 3].map(ratingText)).toEqual(["4.8", "5.0", "4.3", "3.0"]);
  });
});
