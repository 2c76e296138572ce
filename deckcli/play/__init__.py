"""Playing a deck online and printing it: card faces drawn from the card data, a Tabletop Simulator saved object
with its card sheets, and proxy sheets to print (HTML with print CSS, or PDF through headless Chromium)."""
