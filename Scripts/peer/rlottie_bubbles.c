// rlottie_bubbles.c: the peer of `animdemo bench --scene fish --bubbles N` (docs/PERFORMANCE.md).
//
// A real vector-animation player drawing a comparable load: Debian's rlottie renders a Lottie
// animation of N bubbles (default 200), each an ellipse filled with a radial gradient, rising
// 50–300 px over 2 s while it swings left and right, with random sizes 8–48 px and opacities
// 50–100 %, on an 800 × 600 frame. It renders `--frames` frames back to back on one thread and
// prints the median and p99 of a frame in milliseconds, as one JSON object.
//
//     cc -O2 rlottie_bubbles.c -o rlottie_bubbles $(pkg-config --cflags --libs rlottie)
//     ./rlottie_bubbles [bubbles] [frames]
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { width = 800, height = 600, fps = 60, loop = 120 };

/// A fixed-seed generator, so every run draws the same animation.
static uint32_t state = 0xB0BB1E;
static double uniform(double low, double high) {
    state = state * 1664525u + 1013904223u;
    return low + (high - low) * (state >> 8) / 16777216.0;
}

static double milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/// Appends one bubble layer: a gradient ellipse whose position runs along three keyframes.
static size_t append_bubble(char *out, size_t capacity, int index) {
    double size = uniform(8, 48), opacity = uniform(50, 100);
    double x = uniform(0, width), y = uniform(height * 0.3, height), rise = uniform(50, 300);
    double swing = uniform(6, 30), start = uniform(0, loop);
    return (size_t)snprintf(
        out, capacity,
        "%s{\"ty\":4,\"ind\":%d,\"ip\":0,\"op\":%d,\"st\":%.1f,\"sr\":1,"
        "\"ks\":{\"o\":{\"a\":0,\"k\":%.1f},\"r\":{\"a\":0,\"k\":0},\"a\":{\"a\":0,\"k\":[0,0,0]},"
        "\"s\":{\"a\":0,\"k\":[100,100,100]},\"p\":{\"a\":1,\"k\":["
        "{\"t\":0,\"s\":[%.1f,%.1f,0],\"i\":{\"x\":[0.5],\"y\":[0.5]},\"o\":{\"x\":[0.5],\"y\":[0.5]}},"
        "{\"t\":%d,\"s\":[%.1f,%.1f,0],\"i\":{\"x\":[0.5],\"y\":[0.5]},\"o\":{\"x\":[0.5],\"y\":[0.5]}},"
        "{\"t\":%d,\"s\":[%.1f,%.1f,0]}]}},"
        "\"shapes\":[{\"ty\":\"gr\",\"it\":["
        "{\"ty\":\"el\",\"d\":1,\"p\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[%.1f,%.1f]}},"
        "{\"ty\":\"gf\",\"t\":2,\"r\":1,\"o\":{\"a\":0,\"k\":100},\"s\":{\"a\":0,\"k\":[0,0]},"
        "\"e\":{\"a\":0,\"k\":[%.1f,0]},\"h\":{\"a\":0,\"k\":0},\"a\":{\"a\":0,\"k\":0},"
        "\"g\":{\"p\":2,\"k\":{\"a\":0,\"k\":[0,0.85,0.95,1,1,0.55,0.8,1,0,0.25,1,0.9]}}},"
        "{\"ty\":\"tr\",\"p\":{\"a\":0,\"k\":[0,0]},\"a\":{\"a\":0,\"k\":[0,0]},"
        "\"s\":{\"a\":0,\"k\":[100,100]},\"r\":{\"a\":0,\"k\":0},\"o\":{\"a\":0,\"k\":100}}]}]}",
        index == 0 ? "" : ",", index + 1, 10 * loop, -start, opacity, x, y, loop / 2, x - swing,
        y - rise / 2, loop, x + swing, y - rise, size, size, size / 2);
}

int main(int argc, char **argv) {
    int bubbles = argc > 1 ? atoi(argv[1]) : 200;
    int frames = argc > 2 ? atoi(argv[2]) : 300;
    if (bubbles < 1 || bubbles > 100000 || frames < 1 || frames > 100000) {
        fprintf(stderr, "usage: rlottie_bubbles [bubbles 1…100000] [frames 1…100000]\n");
        return 2;
    }
    size_t capacity = 1024 + (size_t)bubbles * 1024, used = 0;
    char *json = malloc(capacity);
    uint32_t *pixels = malloc((size_t)width * height * 4);
    double *times = malloc(sizeof(double) * (size_t)frames);
    if (!json || !pixels || !times) return 1;
    used += (size_t)snprintf(
        json, capacity, "{\"v\":\"5.5.2\",\"fr\":%d,\"ip\":0,\"op\":%d,\"w\":%d,\"h\":%d,\"layers\":[", fps,
        10 * loop, width, height);
    for (int index = 0; index < bubbles; index++) used += append_bubble(json + used, capacity - used, index);
    snprintf(json + used, capacity - used, "]}");
    Lottie_Animation *animation = lottie_animation_from_data(json, "bubbles", "");
    if (!animation) {
        fprintf(stderr, "rlottie could not load the animation\n");
        return 1;
    }
    for (int frame = 0; frame < 30 + frames; frame++) {  // 30 frames of warm-up, as animdemo bench
        double start = milliseconds();
        memset(pixels, 0, (size_t)width * height * 4);
        lottie_animation_render(animation, (size_t)frame % (10 * loop), pixels, width, height, width * 4);
        if (frame >= 30) times[frame - 30] = milliseconds() - start;
    }
    qsort(times, (size_t)frames, sizeof(double), compare);
    printf(
        "{\"bubbles\":%d,\"frames\":%d,\"median_ms\":%.3f,\"p99_ms\":%.3f}\n", bubbles, frames,
        times[(frames - 1) / 2], times[(int)(0.99 * (frames - 1) + 0.5)]);
    lottie_animation_destroy(animation);
    return 0;
}
