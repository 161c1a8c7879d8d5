// The bench positions: 40 positions from the engine's own self-play games
// (11 openings, 10 middlegames, 19 endgames with kings), as position text.
// Changing this list changes the bench signature.

package bench

// positionText holds one position per line.
const positionText = `
b1bbbbbb/1bbbbb2/1b1bbb2/1b2b3/4www1/2wwww2/wwww4/w1wwwwww b
bbbbbbb1/1bbb2bb/2bb1bb1/4b3/2wwbw2/w1wwww2/2w2ww1/wwwwww1w w
bbbbbbbb/1b1b4/1bbbbbb1/5bb1/5w2/wwwwwww1/4www1/wwww1www b
1bbbbbb1/bbbbb1b1/3bbb2/4bb2/1wwww3/4www1/1ww1ww2/1wwwww1w b
bbbbbbbb/2bbbbb1/1bb1bb2/8/1w6/2wwww2/1w2www1/wwwwwwww b
bbbbbbbb/4bb2/1bbbbbb1/3bb3/3ww3/wwwwww2/5ww1/wwwwwwww b
bbbbbbbb/5bb1/2bbbb2/1w1bb3/8/www1ww2/2wwwww1/w2wwwww w
1bbbbbbb/1bb3b1/2bbbb2/2bb1b2/2ww1b2/2www3/4www1/wwwwww1w b
bbbbbbbb/1bbbb3/1b2bbb1/5b2/8/1wwwwww1/3www2/wwwwwwww w
bbb1bbbb/1bbb4/2bbbbb1/3bb3/1www4/3wwww1/1wwww3/w1wwwwww b
bbbbbbbb/4bbb1/bbbbb3/4b3/2wwbw2/wwwww3/4www1/w1wwwwww w
bb1bbbb1/8/2bbbb2/3bb1b1/w2w4/2ww1ww1/6w1/wwww1w1w w
1bbbbbbb/1b6/1bbb4/1bb5/2ww1wwb/wwww4/7w/wwww1w2 b
b1bbb3/2b5/2bbb1b1/3b4/3w3b/1w1w2w1/1w4w1/2wwwww1 w
1bbbbbb1/b7/2bb3b/5b2/1www4/1w6/2w3w1/1wwww2w b
bbbbbbb1/8/1bb5/w5bb/1w6/1w2ww2/5w2/wwwww3 w
b1bbbbb1/b7/2bbbb1b/w1bbbb2/2wwww2/2wwww1b/1w4w1/1wwwwww1 w
bb1bbbbb/8/4w1b1/w1bb4/1b2ww1b/4w3/8/wwwwwww1 b
bbbb2bb/4b3/6b1/1bb2w2/3b1w1w/w5b1/w7/w1wwwwww w
bbb2bbb/4b3/1bbb2w1/1b3b2/2w5/3wwww1/w7/w2wwwww b
bbbbb1bb/8/1bb1bbb1/1bb5/2w2w2/wwwww3/8/w1wwwwww w
bb6/8/8/wbb2b1b/3ww1w1/2w1ww2/5w2/B7 w
3b1bbb/w1b5/w7/3b4/5b2/2w5/1w3w1w/B7 w
7b/2bb2W1/8/1b6/3w4/b7/2w5/2wwwwwB b
2W4W/8/3bb3/2b2b2/2bb4/4w3/2ww4/w5ww w
3W4/4b3/1b6/3b1w1w/2b5/3w1b2/2w5/w1w5 b
bb6/8/B7/1bwww3/3ww3/2b4b/5w2/8 b
2bbb3/1b6/8/4B3/1w3ww1/8/7W/6ww b
B1bb4/5b1w/1b6/6wW/1w6/8/8/6ww w
5bbb/8/1bb5/8/3w4/2w5/1w2W2w/8 b
6bb/4w1b1/5w2/4w3/b7/b7/4W2w/8 w
8/8/8/1b3b2/wbb5/3W4/4w3/1ww1w3 w
6bb/3b2b1/3b3B/2w4b/3ww3/8/8/8 w
b4b2/6bB/1w2w3/8/4w3/8/8/w7 w
1B6/b1b1b3/5B2/4b2w/8/8/7w/8 w
1b6/bB6/3w4/4w3/3w4/7b/3b4/8 w
8/8/8/5B1w/8/3w4/W1w5/w1w5 w
7B/7w/4b2w/w7/8/8/7w/7w b
8/3b4/8/b2b1b2/8/8/5W2/B2B4 b
3W4/6b1/2B5/1b1w4/5w2/8/6w1/8 w
`
